package transit.quarkus;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelOutboundBuffer;
import io.netty.util.AttributeKey;
import io.quarkus.vertx.http.HttpServerOptionsCustomizer;
import io.quarkus.vertx.http.HttpServerStart;
import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.impl.VertxInternal;
import io.vertx.core.net.impl.ConnectionBase;
import io.vertx.ext.web.Router;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.ObservesAsync;
import jakarta.inject.Singleton;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.ext.Provider;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.annotation.Annotation;
import java.lang.reflect.Field;
import java.lang.reflect.Type;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jboss.resteasy.reactive.server.spi.ResteasyReactiveResourceInfo;
import org.jboss.resteasy.reactive.server.spi.ServerMessageBodyWriter;
import org.jboss.resteasy.reactive.server.spi.ServerRequestContext;
import org.jboss.resteasy.reactive.server.vertx.VertxResteasyReactiveRequestContext;
import transit.api.HttpContract;
import transit.server.MinimumRate;
import transit.server.ServerSettings;

/**
 * The limits every server keeps (ServerSettings.Limits) on Quarkus: through its configuration where it has them (the
 * idle timeout) and its HttpServerOptionsCustomizer (the send buffer); a request head's bound and the minimum response
 * rate, which Quarkus and its Vert.x lack, through a Watch on Vert.x's Netty channels; a long kept body through a writer
 * of its own (PacedWriter). Quarkus has no connection limit to keep, as Vert.x has none: a connection holds no thread,
 * a blocked write a worker of a pool of hundreds, and the heap an answer holds is within core's budget. Off, Quarkus's
 * defaults.
 */
final class QuarkusLimits {
  private QuarkusLimits() {}

  /** Quarkus's configuration for the limits, as system properties read when it starts. */
  static void configure(ServerSettings settings) {
    System.setProperty("quarkus.http.limits.max-initial-line-length", String.valueOf(HttpContract.MAX_HEAD_BYTES));
    System.setProperty("quarkus.http.limits.max-header-size", String.valueOf(HttpContract.MAX_HEAD_BYTES));
    System.setProperty("quarkus.http.accept-backlog", String.valueOf(ServerSettings.BACKLOG));
    ServerSettings.Limits limits = settings.limits();
    if (!limits.on()) return;
    System.setProperty("quarkus.http.idle-timeout", limits.idleTimeout().toMillis() + "ms");
  }

  /** On Vert.x's options, which Quarkus has no setting for: the send buffer; and h2c upgrades not taken, as no other server takes them. */
  @Singleton
  static final class Options implements HttpServerOptionsCustomizer {
    private final ServerSettings.Limits limits;

    Options(ServerSettings settings) { this.limits = settings.limits(); }

    @Override
    public void customizeHttpServer(HttpServerOptions options) {
      options.setHttp2ClearTextEnabled(false);
      if (limits.on()) options.setSendBufferSize(limits.sendBufferBytes());
    }
  }

  /**
   * A body that PacedWriter sends as the client takes it: its length, and its chunks, each asked for once the last is
   * on its way (null after the last). Tuned's stream, and with the limits on a kept body too long to hand on in one
   * write (Limits#wholeBodyBytes).
   */
  record PacedBody(long length, Chunks chunks) {
    interface Chunks {
      ByteBuf next();
    }

    /** Kept bytes, sliceBytes at a time, each passed on uncopied: Netty copies it into its own buffer as it goes out. */
    static PacedBody slices(byte[] body, int sliceBytes) {
      return new PacedBody(body.length, new Chunks() {
        private int at;

        public ByteBuf next() {
          if (at >= body.length) return null;
          int length = Math.min(sliceBytes, body.length - at);
          ByteBuf slice = Unpooled.wrappedBuffer(body, at, length);
          at += length;
          return slice;
        }
      });
    }
  }

  /**
   * A PacedBody written as Quarkus REST's own writers for streams write (its AsyncFile writer): the request suspended,
   * chunks written on the request's event loop while Vert.x's write queue has room and resumed from its drain handler,
   * the request resumed once the body has ended or the connection has closed. A slow reader holds a chunk, not the
   * body; a fast one pays one write per chunk, where a StreamingOutput passes a body to Vert.x 8 KB at a time (Quarkus
   * REST's output buffer), each handed from a worker to the event loop.
   */
  @Provider
  static final class PacedWriter implements ServerMessageBodyWriter<PacedBody> {
    @Override
    public boolean isWriteable(Class<?> type, Type genericType, ResteasyReactiveResourceInfo target, MediaType mediaType) {
      return type == PacedBody.class;
    }

    @Override
    public boolean isWriteable(Class<?> type, Type genericType, Annotation[] annotations, MediaType mediaType) { return type == PacedBody.class; }

    @Override
    public void writeResponse(PacedBody body, Type genericType, ServerRequestContext context) {
      VertxResteasyReactiveRequestContext request = (VertxResteasyReactiveRequestContext) context;
      request.suspend();
      request.setResponseHeader(HttpHeaders.CONTENT_LENGTH, String.valueOf(body.length()));
      Pump pump = new Pump(body.chunks(), request);
      request.addCloseHandler(pump::resume);
      request.getContextExecutor().execute(pump::run);
    }

    /** Outside Quarkus REST's server path (a client's writer): the chunks into the stream. */
    @Override
    public void writeTo(PacedBody body, Class<?> type, Type genericType, Annotation[] annotations, MediaType mediaType,
        MultivaluedMap<String, Object> headers, OutputStream out) throws IOException {
      for (ByteBuf chunk = body.chunks().next(); chunk != null; chunk = body.chunks().next()) {
        chunk.readBytes(out, chunk.readableBytes());
        chunk.release();
      }
    }

    /** One body on its way: run on the request's event loop. */
    private static final class Pump implements Handler<Void> {
      private final PacedBody.Chunks chunks;
      private final VertxResteasyReactiveRequestContext request;
      private final AtomicBoolean resumed = new AtomicBoolean();

      Pump(PacedBody.Chunks chunks, VertxResteasyReactiveRequestContext request) {
        this.chunks = chunks;
        this.request = request;
      }

      @SuppressWarnings("deprecation") // Buffer.buffer(ByteBuf): Vert.x 4's one way to pass a chunk on uncopied (5 moves it)
      void run() {
        HttpServerResponse response = request.vertxServerResponse();
        while (!response.closed()) {
          ByteBuf chunk = chunks.next();
          if (chunk == null) {
            response.end();
            break;
          }
          response.write(Buffer.buffer(chunk));
          if (response.writeQueueFull()) {
            response.drainHandler(this);
            return;
          }
        }
        resume();
      }

      @Override
      public void handle(Void drained) { run(); }

      void resume() {
        if (!resumed.getAndSet(true)) request.resume();
      }
    }
  }

  /**
   * A request head's bound and the minimum response rate on Vert.x's channels, below Quarkus's API: Quarkus builds and
   * binds Vert.x's HTTP server itself and leaves no connection handler free. Once it listens, a handler first in the
   * server channel's pipeline sees each accepted connection and closes one whose first request has not reached the
   * routes within the bound, or whose next has not within it of that head's first byte once the answer before it has
   * ended (a connection idle between requests is the idle timeout's); a route first in Quarkus's router marks each
   * request's arrival and watches each response, and once a second judges it, from its first byte to its end, as
   * MinimumRate judges, on its bytes delivered (those handed to Netty less those still queued there): one fallen below
   * the rate has its connection reset.
   */
  @Singleton
  static final class Watch {
    private static final Duration PERIOD = Duration.ofSeconds(1);
    private static final AttributeKey<Boolean> REQUESTED = AttributeKey.valueOf("transit.requested");
    private final Set<Watched> responses = ConcurrentHashMap.newKeySet();

    void routes(@Observes Router router, Vertx vertx, ServerSettings settings) {
      ServerSettings.Limits limits = settings.limits();
      if (!limits.on()) return;
      router.route().order(Integer.MIN_VALUE).handler(context -> {
        if (context.request().connection() instanceof ConnectionBase connection) {
          connection.channel().attr(REQUESTED).set(Boolean.TRUE);
          NextHead next = connection.channel().pipeline().get(NextHead.class);
          if (next != null) {
            next.arrived();
            context.addEndHandler(ended -> next.answered());
          }
          Watched watched = new Watched(context.response(), connection.channel(), limits);
          responses.add(watched);
          context.response().closeHandler(closed -> responses.remove(watched));
          // a response handed whole to the socket is done; one still queued is watched without what it holds
          context.addEndHandler(ended -> {
            if (watched.ended()) responses.remove(watched);
          });
        }
        context.next();
      });
      vertx.setPeriodic(PERIOD.toMillis(), id -> check());
    }

    // Quarkus fires it asynchronously, once its server listens
    void started(@ObservesAsync HttpServerStart start, Vertx vertx, ServerSettings settings) throws ReflectiveOperationException {
      ServerSettings.Limits limits = settings.limits();
      if (!limits.on()) return;
      Field bound = io.vertx.core.net.impl.TCPServerBase.class.getDeclaredField("bindFuture");
      bound.setAccessible(true);
      for (Object server : ((VertxInternal) vertx).sharedHttpServers().values()) {
        @SuppressWarnings("unchecked")
        io.vertx.core.Future<Channel> channel = (io.vertx.core.Future<Channel>) bound.get(server);
        if (channel != null && channel.succeeded()) channel.result().pipeline().addFirst(new HeadBound(limits.requestHeadTimeout().toMillis()));
      }
    }

    private void check() {
      for (Watched w : responses) if (w.done() || w.tooSlow()) responses.remove(w);
    }

    /**
     * First in the server channel's pipeline: each accepted connection gets the head's bound, on its first head from
     * its opening and on each next head through a NextHead first in its own pipeline (before Vert.x's, added after it).
     */
    @ChannelHandler.Sharable
    private static final class HeadBound extends ChannelInboundHandlerAdapter {
      private final long millis;

      HeadBound(long millis) { this.millis = millis; }

      @Override
      public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof Channel child) {
          child.pipeline().addFirst(new NextHead(millis));
          ctx.channel().eventLoop().schedule(() -> {
            if (child.attr(REQUESTED).get() == null) child.close();
          }, millis, TimeUnit.MILLISECONDS);
        }
        ctx.fireChannelRead(msg);
      }
    }

    /**
     * A kept-alive connection's next head, bounded as its first: after an answer has ended, the first byte read starts
     * the head's bound, and a connection whose request has not reached the routes when it passes is closed. On the
     * channel's event loop, as Vert.x reads it.
     */
    private static final class NextHead extends ChannelInboundHandlerAdapter {
      private final long millis;
      private ChannelHandlerContext ctx;
      private boolean between;
      private ScheduledFuture<?> bound;

      NextHead(long millis) { this.millis = millis; }

      @Override
      public void handlerAdded(ChannelHandlerContext ctx) { this.ctx = ctx; }

      @Override
      public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (between && msg instanceof ByteBuf buf && buf.isReadable()) {
          between = false;
          bound = ctx.executor().schedule(() -> { ctx.close(); }, millis, TimeUnit.MILLISECONDS);
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
     * One response being sent, as the check sees it. Once it has ended it keeps its byte count, not the response: a
     * response reaches its request's context and body (a tuned body's chunk buffer), which a second's wait for the
     * next check would otherwise keep for every answer.
     */
    private static final class Watched {
      private volatile HttpServerResponse response; // null once ended
      private volatile long sent = -1; // the body's bytes, once ended
      private final Channel channel;
      private final ServerSettings.Limits limits;
      private MinimumRate rate; // from its first byte: the time before it (building the answer) is not the client's

      Watched(HttpServerResponse response, Channel channel, ServerSettings.Limits limits) {
        this.response = response;
        this.channel = channel;
        this.limits = limits;
      }

      private long pending() {
        ChannelOutboundBuffer buffer = channel.unsafe().outboundBuffer();
        return buffer == null ? 0 : buffer.totalPendingWriteBytes() - buffer.currentProgress(); // less what went of the write under way
      }

      /** Its response has ended: let go of it, and say whether it is done. */
      boolean ended() {
        HttpServerResponse ending = response;
        if (ending != null) sent = ending.bytesWritten();
        response = null;
        return done();
      }

      /** The body's bytes handed to Netty so far. */
      private long written() {
        HttpServerResponse sending = response;
        return sending != null ? sending.bytesWritten() : sent;
      }

      /** Sent, or its connection gone: no longer watched. */
      boolean done() {
        HttpServerResponse sending = response;
        return !channel.isActive() || (sending == null || sending.ended()) && pending() == 0;
      }

      /**
       * Whether it has fallen below the rate, whether or not Netty's queue holds some of it: the queue empties into the
       * socket at each step a slow reader's kernel buffer takes, just as the response moves. Its connection then reset.
       */
      boolean tooSlow() {
        long written = written();
        if (rate == null) {
          if (written == 0) return false;
          rate = new MinimumRate(limits, PERIOD);
        }
        if (rate.keptUp(written - pending())) return false;
        // reset, not closed: what the kernel still holds for the client is dropped, as every server here cuts a slow reader
        channel.config().setOption(io.netty.channel.ChannelOption.SO_LINGER, 0);
        channel.eventLoop().execute(() -> channel.unsafe().close(channel.voidPromise()));
        return true;
      }
    }
  }
}
