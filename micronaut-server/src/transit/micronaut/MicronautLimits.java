package transit.micronaut;

import io.micronaut.context.event.BeanCreatedEvent;
import io.micronaut.context.event.BeanCreatedEventListener;
import io.micronaut.http.netty.channel.ChannelPipelineCustomizer;
import io.micronaut.http.server.netty.NettyHttpRequest;
import io.micronaut.http.server.netty.NettyServerCustomizer;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufHolder;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOption;
import io.netty.channel.ChannelOutboundBuffer;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.util.concurrent.ScheduledFuture;
import jakarta.inject.Singleton;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import transit.server.MinimumRate;
import transit.server.ServerSettings;

/**
 * The limits every server keeps (ServerSettings.Limits) on Micronaut: its configuration where it has them (the idle
 * timeout, which closes a connection that neither reads nor writes, a stalled write's included; the send buffer as a
 * Netty child option); a request head's bound and the minimum response rate, which it has not, by a handler in each
 * connection's Netty pipeline ({@link Watch}), which also tells Micronaut's idle timeout when a response under way has
 * stalled. Micronaut has no connection limit, and needs none: a connection holds
 * no thread (blocking work runs on its executor of virtual threads where the JDK has them), and the heap its answer
 * holds is within core's budget. Off, Micronaut's defaults.
 */
final class MicronautLimits {
  private MicronautLimits() {}

  /** The Watch's name in a connection's pipeline, right after Netty's HTTP codec. */
  private static final String WATCH = "transit-watch";

  /** Micronaut's own settings for the limits. */
  static Map<String, Object> properties(ServerSettings.Limits limits) {
    Map<String, Object> properties = new HashMap<>();
    if (!limits.on()) return properties;
    properties.put("micronaut.server.idle-timeout", limits.idleTimeout().toMillis() + "ms");
    properties.put("micronaut.server.netty.child-options.SO_SNDBUF", limits.sendBufferBytes());
    return properties;
  }

  /**
   * A handed answer (SchedulesAnswer) given back once its response is written, as every server gives it back: from
   * the Watch of the request's connection, or at once where there is none. The Watch gives answers back in the order of
   * responses ending, so a pipelined request's may go back as the response before it ends, a response early.
   */
  static void afterResponse(io.micronaut.http.HttpRequest<?> request, AutoCloseable answer) {
    Watch watch = request instanceof NettyHttpRequest<?> netty ? (Watch) netty.getChannelHandlerContext().pipeline().get(WATCH) : null;
    if (watch == null) giveBack(answer);
    else watch.answers.add(answer);
  }

  private static void giveBack(AutoCloseable answer) {
    try {
      answer.close();
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  /** Puts a Watch in every HTTP/1 connection's pipeline, through the customizer registry Micronaut's Netty server offers. */
  @Singleton
  static final class Installer implements BeanCreatedEventListener<NettyServerCustomizer.Registry> {
    private final ServerSettings.Limits limits;

    Installer(ServerSettings settings) { this.limits = settings.limits(); }

    @Override
    public NettyServerCustomizer.Registry onCreated(BeanCreatedEvent<NettyServerCustomizer.Registry> event) {
      event.getBean().register(MicronautContract.onEachConnection(channel ->
          channel.pipeline().addAfter(ChannelPipelineCustomizer.HANDLER_HTTP_SERVER_CODEC, WATCH, new Watch(limits))));
      return event.getBean();
    }
  }

  /**
   * One connection, on its event loop: gives each handed answer back once its response's last part is written; with
   * the limits on, closes the connection if a request head has not arrived within the bound of its start or of its last
   * answer's end (a kept-alive connection's next head bounded as its first), and once a second
   * judges a response, from its start to its end, as MinimumRate judges, over what has reached the socket
   * (written less what Netty still holds): one fallen below the rate is ended by a reset.
   *
   * <p>While a response is under way, it also says when the connection is idle. Netty's idle timeout counts a write as
   * activity only once all of it is sent, so a reader above the rate, taking a whole body Micronaut wrote at once, would
   * be closed as idle while it reads. The Watch holds back Micronaut's idle event while the response has moved within
   * the timeout, and passes one on to Micronaut, which closes the connection, once it has not.
   */
  static final class Watch extends ChannelDuplexHandler {
    private static final Duration PERIOD = Duration.ofSeconds(1);
    final Queue<AutoCloseable> answers = new ConcurrentLinkedQueue<>();
    private final ServerSettings.Limits limits;
    private boolean responding;
    private int unanswered; // requests read whose answers are not all written: while none, a head is awaited
    private long written, writtenBefore; // the connection's, and as far as before the response under way
    private long sent, movedAt; // the response's bytes through to the socket, when they last grew (System.nanoTime)
    private MinimumRate rate;
    private ScheduledFuture<?> head, check;

    Watch(ServerSettings.Limits limits) { this.limits = limits; }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
      if (!limits.on()) return;
      awaitHead(ctx);
      check = ctx.executor().scheduleAtFixedRate(() -> check(ctx), PERIOD.toMillis(), PERIOD.toMillis(), TimeUnit.MILLISECONDS);
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
      if (msg instanceof HttpRequest) {
        unanswered++;
        if (head != null) head.cancel(false);
      }
      super.channelRead(ctx, msg);
    }

    /** The bound on the next head, from now: the connection is closed if none has come by then. */
    private void awaitHead(ChannelHandlerContext ctx) {
      if (head != null) head.cancel(false);
      head = ctx.executor().schedule(() -> {
        if (unanswered == 0) ctx.close();
      }, limits.requestHeadTimeout().toMillis(), TimeUnit.MILLISECONDS);
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) throws Exception {
      if (msg instanceof HttpResponse response && response.status() != HttpResponseStatus.CONTINUE) {
        responding = true;
        if (limits.on()) rate = new MinimumRate(limits, PERIOD);
        writtenBefore = written;
        sent = 0;
        movedAt = System.nanoTime();
      }
      if (msg instanceof ByteBufHolder holder) written += holder.content().readableBytes();
      else if (msg instanceof ByteBuf buf) written += buf.readableBytes();
      if (msg instanceof LastHttpContent) {
        AutoCloseable answer = answers.poll();
        if (promise.isVoid()) promise = ctx.newPromise().addListener(f -> {
          if (!f.isSuccess()) ctx.fireExceptionCaught(f.cause());
        });
        boolean interim = msg instanceof HttpResponse r && r.status() == HttpResponseStatus.CONTINUE;
        promise.addListener(f -> {
          responding = false;
          if (answer != null) giveBack(answer);
          if (interim) return;
          unanswered = Math.max(0, unanswered - 1); // an answer to no request the Watch saw leaves it at none
          if (unanswered == 0 && limits.on() && f.isSuccess()) awaitHead(ctx);
        });
      }
      super.write(ctx, msg, promise);
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object event) throws Exception {
      if (event instanceof IdleStateEvent && responding && limits.on() && !stalled()) return; // it moves: not idle
      super.userEventTriggered(ctx, event);
    }

    private boolean stalled() { return System.nanoTime() - movedAt >= limits.idleTimeout().toNanos(); }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
      if (head != null) head.cancel(false);
      if (check != null) check.cancel(false);
      for (AutoCloseable answer; (answer = answers.poll()) != null; ) giveBack(answer);
      super.channelInactive(ctx);
    }

    /**
     * Once a second, a response's progress, whether or not it waits on the client: Netty's queue empties into the socket
     * at each step a slow reader's kernel buffer takes, just as the response moves.
     */
    private void check(ChannelHandlerContext ctx) {
      if (!responding) return;
      ChannelOutboundBuffer outbound = ctx.channel().unsafe().outboundBuffer();
      long pending = outbound == null ? 0 : outbound.totalPendingWriteBytes() - outbound.currentProgress(); // less what went of the write under way
      long total = written - writtenBefore - pending;
      if (total > sent) {
        sent = total;
        movedAt = System.nanoTime();
      } else if (stalled()) {
        ctx.fireUserEventTriggered(IdleStateEvent.ALL_IDLE_STATE_EVENT); // on to Micronaut, which closes the connection
        return;
      }
      if (!rate.keptUp(total)) {
        // a reset: a plain close would first deliver what Netty and the kernel still hold, at the rate it was cut off for
        ctx.channel().config().setOption(ChannelOption.SO_LINGER, 0);
        ctx.channel().unsafe().close(ctx.channel().voidPromise());
      }
    }
  }
}
