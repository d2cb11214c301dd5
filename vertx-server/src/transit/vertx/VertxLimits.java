package transit.vertx;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufHolder;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelOption;
import io.netty.channel.ChannelOutboundBuffer;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpConnection;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.net.impl.ConnectionBase;
import java.time.Duration;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BiFunction;
import transit.server.MinimumRate;
import transit.server.ServerSettings;

/**
 * The limits every server keeps (ServerSettings.Limits) on Vert.x: HttpServerOptions' where Vert.x has them (the idle
 * timeout, the send buffer); a request head's bound and the minimum response rate, which it has not, are
 * {@link Connections} and {@link SlowReaders}. Vert.x has no connection limit, and needs none: a connection holds no
 * thread, and the heap its answer holds is within core's budget, so every one is served. Off, Vert.x's defaults.
 */
final class VertxLimits {
  private VertxLimits() {}

  static HttpServerOptions apply(HttpServerOptions options, ServerSettings.Limits limits) {
    if (!limits.on()) return options;
    return options.setIdleTimeout((int) limits.idleTimeout().toMillis()).setIdleTimeoutUnit(TimeUnit.MILLISECONDS)
        .setSendBufferSize(limits.sendBufferBytes());
  }

  /**
   * A request head's bound, which Vert.x has not: a connection whose first request has not arrived within it of its
   * opening is closed (a client trickling a header a byte at a time), and so is one whose next request has not arrived
   * within it of that head's first byte once the answer before it has ended (NextHead); a connection idle between
   * requests is the idle timeout's. Each connection also counts what it hands to Netty, for the minimum rate.
   */
  static final class Connections {
    private final Vertx vertx;
    private final ServerSettings.Limits limits;
    private final Map<HttpConnection, Boolean> awaitingFirstRequest = new ConcurrentHashMap<>();

    Connections(Vertx vertx, ServerSettings.Limits limits) {
      this.vertx = vertx;
      this.limits = limits;
    }

    void opened(HttpConnection connection) {
      if (!limits.on()) return;
      if (connection instanceof ConnectionBase base) base.channel().pipeline().addFirst(new Handed()).addFirst(new NextHead(limits));
      awaitingFirstRequest.put(connection, Boolean.TRUE);
      connection.closeHandler(closed -> awaitingFirstRequest.remove(connection));
      vertx.setTimer(limits.requestHeadTimeout().toMillis(), timer -> {
        if (awaitingFirstRequest.remove(connection) != null) connection.close();
      });
    }

    void requested(HttpServerRequest request) {
      if (!limits.on()) return;
      HttpConnection connection = request.connection();
      awaitingFirstRequest.remove(connection);
      if (!(connection instanceof ConnectionBase base)) return;
      NextHead next = base.channel().pipeline().get(NextHead.class);
      if (next == null) return;
      next.arrived();
      request.response().endHandler(ended -> next.answered());
    }
  }

  /**
   * A kept-alive connection's next head, bounded as its first: after an answer has ended, the first byte read starts
   * the head's bound, and a connection whose request has not arrived when it passes is closed. On the channel's event
   * loop, as Vert.x's handlers of its requests are.
   */
  private static final class NextHead extends ChannelInboundHandlerAdapter {
    private final long boundMillis;
    private ChannelHandlerContext ctx;
    private boolean between;
    private ScheduledFuture<?> bound;

    NextHead(ServerSettings.Limits limits) { this.boundMillis = limits.requestHeadTimeout().toMillis(); }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) { this.ctx = ctx; }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      if (between && msg instanceof ByteBuf buf && buf.isReadable()) {
        between = false;
        bound = ctx.executor().schedule(() -> { ctx.close(); }, boundMillis, TimeUnit.MILLISECONDS);
      }
      ctx.fireChannelRead(msg);
    }

    /** A request's head has come: its bound, if one runs, is met. */
    void arrived() { onLoop(() -> {
      between = false;
      if (bound != null) bound.cancel(false);
      bound = null;
    }); }

    /** Its answer has ended: the next head's first byte starts its bound. */
    void answered() { onLoop(() -> between = true); }

    private void onLoop(Runnable r) {
      if (ctx.executor().inEventLoop()) r.run();
      else ctx.executor().execute(r);
    }
  }

  /**
   * What a connection has handed to Netty, counted nearest the socket. Vert.x's own queue, before it, holds writes while
   * Netty's is full and lets them on as the socket takes some: what Vert.x was handed says nothing of what moved.
   */
  private static final class Handed extends ChannelOutboundHandlerAdapter {
    long bytes;

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
      if (msg instanceof ByteBuf buf) bytes += buf.readableBytes();
      else if (msg instanceof ByteBufHolder holder) bytes += holder.content().readableBytes();
      ctx.write(msg, promise);
    }
  }

  /**
   * The minimum response rate, which Vert.x has not, over one event loop's paced bodies: every second, each body is
   * judged as MinimumRate judges, from its start to its end, on what has reached the socket (what its connection
   * handed to Netty less what Netty still holds); one fallen below the rate is abandoned and its connection reset. One
   * watch per verticle, on its event loop, as its bodies are: a body costs an entry in a set, and a write an addition
   * to its connection's count (Handed).
   */
  static final class SlowReaders {
    private static final Duration PERIOD = Duration.ofSeconds(1);
    private final ServerSettings.Limits limits;
    /** The largest kept or encoded body sent whole (Limits#wholeBodyBytes): one slower than the rate is cut as a paced body's is. */
    final int wholeBytes;
    /** The writes a longer one is cut into (Limits#sliceBytes). */
    final int sliceBytes;
    private final Set<PacedBody> bodies = new HashSet<>();

    SlowReaders(Vertx vertx, ServerSettings.Limits limits) {
      this.limits = limits;
      this.wholeBytes = limits.wholeBodyBytes();
      this.sliceBytes = limits.sliceBytes();
      vertx.setPeriodic(PERIOD.toMillis(), id -> check());
    }

    private void check() {
      for (PacedBody body : bodies.toArray(PacedBody[]::new)) if (body.tooSlow()) body.abort();
    }
  }

  /**
   * A large body written as the client takes it: chunks are written while Vert.x's write queue has room and resumed
   * from its drain handler, so at most a queue's worth is buffered beyond the socket; the last goes with the end. With
   * the limits on, its event loop's SlowReaders watch it until it is sent. done runs once, when the body is sent or
   * the connection has closed.
   */
  static final class PacedBody implements Handler<Void> {
    /** The next chunk of a body, or null once it is all written. */
    interface Chunks {
      Buffer next();

      /** False once the chunk next() gave is the body's last; true while that is not known. */
      default boolean more() { return true; }
    }

    /**
     * Kept bytes as the watch cuts them (whole up to its wholeBytes, else in its sliceBytes); each slice copied once as
     * it goes out, as Vert.x copies a whole array.
     */
    static Chunks slices(byte[] body, SlowReaders cut) {
      return slices(body.length, cut, (from, to) -> Buffer.buffer(to - from).appendBytes(body, from, to - from));
    }

    /** A whole body as the watch cuts them. */
    static Chunks slices(Buffer body, SlowReaders cut) {
      return slices(body.length(), cut, (from, to) -> from == 0 && to == body.length() ? body : body.slice(from, to));
    }

    /** A body of length bytes as slice(from, to) gives it. */
    private static Chunks slices(int length, SlowReaders cut, BiFunction<Integer, Integer, Buffer> slice) {
      int step = length <= cut.wholeBytes ? length : cut.sliceBytes;
      return new Chunks() {
        private int at;

        public Buffer next() {
          if (at >= length) return null;
          int from = at;
          at = Math.min(length, from + step);
          return slice.apply(from, at);
        }

        public boolean more() { return at < length; }
      };
    }

    /** slowReaders: the event loop's watch, null with the limits off. */
    static void send(HttpServerResponse response, HttpConnection connection, SlowReaders slowReaders, Chunks chunks, Runnable done) {
      new PacedBody(response, connection, slowReaders, chunks, done).start();
    }

    private final HttpServerResponse response;
    private final HttpConnection connection;
    private final SlowReaders slowReaders;
    private final Chunks chunks;
    private final Runnable done;
    /** With the limits on, its progress against the minimum rate. */
    private final MinimumRate rate;
    /** Its connection's count of what reached Netty, with the limits on, and that count as the body began. */
    private final Handed handed;
    private final long handedBefore;
    private boolean ended, finished;

    private PacedBody(HttpServerResponse response, HttpConnection connection, SlowReaders slowReaders, Chunks chunks, Runnable done) {
      this.response = response;
      this.connection = connection;
      this.slowReaders = slowReaders;
      this.chunks = chunks;
      this.done = done;
      // looked up only with the limits on: off, there is none, and a body need not search the pipeline for it
      this.handed = slowReaders != null && connection instanceof ConnectionBase base ? base.channel().pipeline().get(Handed.class) : null;
      this.handedBefore = handed == null ? 0 : handed.bytes;
      this.rate = handed == null ? null : new MinimumRate(slowReaders.limits, SlowReaders.PERIOD);
    }

    private void start() {
      response.closeHandler(closed -> finish());
      response.exceptionHandler(failed -> finish());
      response.drainHandler(this);
      if (slowReaders != null) slowReaders.bodies.add(this);
      handle(null);
    }

    /** Writes chunks until the queue is full or the body is done. */
    @Override
    public void handle(Void drained) {
      if (ended) return; // still watched until sent
      while (!ended && !finished) {
        if (response.writeQueueFull()) return;
        Buffer chunk = chunks.next();
        if (chunk == null || !chunks.more()) {
          // watched until it is sent: what the end hands over must reach the socket within the window
          ended = true;
          (chunk == null ? response.end() : response.end(chunk)).onComplete(sent -> finish());
          return;
        }
        response.write(chunk);
      }
    }

    /** Whether it has fallen below the rate, on what has reached the socket: handed to Netty less what Netty still holds. */
    private boolean tooSlow() {
      if (rate == null) return false;
      ChannelOutboundBuffer outbound = ((ConnectionBase) connection).channel().unsafe().outboundBuffer();
      long pending = outbound == null ? 0 : outbound.totalPendingWriteBytes() - outbound.currentProgress(); // less what went of the write under way
      return !rate.keptUp(handed.bytes - handedBefore - pending);
    }

    /**
     * Closes the connection at once, by a reset: a plain close would first deliver what Vert.x and the kernel still
     * hold for this client, at the very rate it was cut off for. Vert.x has no abort of its own; its connection's Netty
     * channel is reached through ConnectionBase, an implementation class.
     */
    private void abort() {
      finish();
      if (connection instanceof ConnectionBase base) {
        io.netty.channel.Channel channel = base.channel();
        channel.config().setOption(ChannelOption.SO_LINGER, 0);
        // past Vert.x's handlers in the pipeline, which would first flush what they hold
        channel.eventLoop().execute(() -> channel.unsafe().close(channel.voidPromise()));
      } else {
        connection.close();
      }
    }

    private void finish() {
      if (finished) return;
      finished = true;
      if (slowReaders != null) slowReaders.bodies.remove(this);
      done.run();
    }
  }
}
