package transit.vertx;

import io.netty.channel.ChannelOption;
import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpConnection;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.net.impl.ConnectionBase;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.BiFunction;
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
   * A request head's bound, which Vert.x has not: a connection whose first request has not arrived within it is closed
   * (a client trickling a header a byte at a time).
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
      awaitingFirstRequest.put(connection, Boolean.TRUE);
      connection.closeHandler(closed -> awaitingFirstRequest.remove(connection));
      vertx.setTimer(limits.requestHeadTimeout().toMillis(), timer -> {
        if (awaitingFirstRequest.remove(connection) != null) connection.close();
      });
    }

    void requested(HttpConnection connection) {
      if (limits.on()) awaitingFirstRequest.remove(connection);
    }
  }

  /**
   * The minimum response rate, which Vert.x has not, over one event loop's paced bodies: every second, a body that has
   * waited on the client (its write queue full) through a whole window, and got less than the rate through over it,
   * is abandoned and its connection reset. One watch per verticle, on its event loop, as its bodies are: a body costs
   * an entry in a set, nothing per write.
   */
  static final class SlowReaders {
    private final long bytesPerSecond, windowNanos;
    /** The largest kept or encoded body sent whole (Limits#wholeBodyBytes): one slower than the rate is cut as a paced body's is. */
    final int wholeBytes;
    /** The writes a longer one is cut into (Limits#sliceBytes). */
    final int sliceBytes;
    private final Set<PacedBody> bodies = new HashSet<>();

    SlowReaders(Vertx vertx, ServerSettings.Limits limits) {
      this.bytesPerSecond = limits.minResponseBytesPerSecond();
      this.windowNanos = limits.minRateWindow().toNanos();
      this.wholeBytes = limits.wholeBodyBytes();
      this.sliceBytes = limits.sliceBytes();
      vertx.setPeriodic(1000, id -> check());
    }

    private void check() {
      long now = System.nanoTime();
      for (PacedBody body : bodies.toArray(PacedBody[]::new)) {
        if (!body.waiting) body.waitingSince = -1; // not waiting on the client
        else if (body.waitingSince < 0) {
          body.waitingSince = now;
          body.drainedThen = body.drained;
        } else if (now - body.waitingSince >= windowNanos) {
          if ((body.drained - body.drainedThen) * 1_000_000_000L < bytesPerSecond * (now - body.waitingSince)) body.abort();
          else {
            body.waitingSince = now;
            body.drainedThen = body.drained;
          }
        }
      }
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
    /** What was handed to Vert.x when its queue last had room: all but a queue's worth has reached the socket. */
    private long written, drained;
    private long waitingSince = -1, drainedThen;
    private boolean waiting, ended, finished;

    private PacedBody(HttpServerResponse response, HttpConnection connection, SlowReaders slowReaders, Chunks chunks, Runnable done) {
      this.response = response;
      this.connection = connection;
      this.slowReaders = slowReaders;
      this.chunks = chunks;
      this.done = done;
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
      this.drained = written;
      if (ended) return; // still watched until sent
      waiting = false;
      while (!ended && !finished) {
        if (response.writeQueueFull()) {
          waiting = true;
          return;
        }
        Buffer chunk = chunks.next();
        if (chunk != null) written += chunk.length();
        if (chunk == null || !chunks.more()) {
          // watched until it is sent: what the end hands over must reach the socket within the window
          ended = waiting = true;
          (chunk == null ? response.end() : response.end(chunk)).onComplete(sent -> finish());
          return;
        }
        response.write(chunk);
      }
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
