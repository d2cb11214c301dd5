package transit.cask

import io.undertow.server.handlers.BlockingWriteTimeoutHandler
import io.undertow.server.{HttpHandler, HttpServerExchange}
import io.undertow.{Undertow, UndertowOptions}
import java.io.IOException
import java.nio.ByteBuffer
import java.nio.channels.FileChannel
import java.util.List as JList
import java.util.concurrent.atomic.{AtomicInteger, AtomicLong}
import java.util.concurrent.{AbstractExecutorService, Executors, ScheduledExecutorService, TimeUnit}
import org.jboss.threads.EnhancedQueueExecutor
import org.xnio.channels.StreamSourceChannel
import org.xnio.conduits.{AbstractStreamSinkConduit, StreamSinkConduit}
import org.xnio.{IoUtils, Options, Xnio, XnioWorker}
import transit.server.{MinimumRate, ServerSettings}

/**
 * The limits every server keeps (ServerSettings.Limits) on Undertow, through its own settings where it has them:
 * BlockingWriteTimeoutHandler fails a write stalled for the idle timeout (the connection is closed and the worker
 * freed); NO_REQUEST_TIMEOUT closes a kept-alive connection idle for as long; REQUEST_PARSE_TIMEOUT one whose request
 * head takes longer than its bound to arrive (Undertow's defaults: never); XNIO's connection high-water mark the
 * connection limit; XNIO's SEND_BUFFER the send buffer. Not IDLE_TIMEOUT: its conduit turns the handler's timed wait
 * into an untimed one, and a blocked write then waits forever. What Undertow lacks: the minimum response rate
 * (MinimumRateHandler) and workers enough for slow readers (Workers).
 */
object CaskLimits:
  /** The listener's options and the handler, with the limits on; off, Undertow's defaults and the app as it is. */
  def apply(server: Undertow.Builder, limits: ServerSettings.Limits, app: HttpHandler): Undertow.Builder =
    if !limits.on then server.setHandler(app)
    else
      val idle = Integer.valueOf(limits.idleTimeout.toMillis.toInt)
      server
        .setSocketOption(Options.SEND_BUFFER, Integer.valueOf(limits.sendBufferBytes))
        .setSocketOption(Options.CONNECTION_HIGH_WATER, Integer.valueOf(limits.connectionLimit))
        .setSocketOption(Options.CONNECTION_LOW_WATER, Integer.valueOf(limits.connectionLimit))
        .setServerOption(UndertowOptions.NO_REQUEST_TIMEOUT, idle)
        .setServerOption(UndertowOptions.REQUEST_PARSE_TIMEOUT, Integer.valueOf(limits.requestHeadTimeout.toMillis.toInt))
        .setHandler(MinimumRateHandler(limits, BlockingWriteTimeoutHandler.builder.writeTimeout(limits.idleTimeout).nextHandler(app).build))

/**
 * Undertow's workers, grown while slow readers hold them. Every response is written by a worker blocking on the
 * socket, so a client reading slowly holds one for as long as its download takes. Undertow's default pool (eight
 * workers per IO thread) would leave everyone else queued behind a few dozen slow readers; a pool as large as the
 * connection limit serves them, but fast clients then pay for it: each request is handed to a parked thread of
 * dozens, where a small pool takes the next request off its queue. So the pool is Undertow's own (jboss-threads'
 * EnhancedQueueExecutor, which XNIO builds: a JDK ThreadPoolExecutor cost fast clients more, docs/RESULTS.md) at
 * Undertow's size, and a watch, every 100 ms, starts a worker for each queued request once one has waited that long
 * (up to the connection limit: slow readers up to it never take the last one); the extra workers end once idle.
 */
final class Workers(limits: ServerSettings.Limits):
  private val ioThreads = math.max(Runtime.getRuntime.availableProcessors, 2) // Undertow's own default
  private val base = ioThreads * 8 // Undertow's own default

  private val named = AtomicInteger()
  // named as the report's threads name them (a run's "answers built on"), as Undertow's own are
  private val pool = EnhancedQueueExecutor.Builder().setCorePoolSize(base).setMaximumPoolSize(base)
    .setKeepAliveTime(java.time.Duration.ofSeconds(60)).setThreadFactory(r => Thread(r, s"cask-worker-${named.incrementAndGet()}")).build()

  // requests handed to the pool, taken by a worker, and being served: the queue's own counts are off by default
  private val handed = AtomicLong()
  private val taken = AtomicLong()
  private val busy = AtomicInteger()
  private var handedAtLastLook = 0L // the watch's own

  private val counted = new AbstractExecutorService:
    def execute(task: Runnable): Unit =
      handed.incrementAndGet()
      pool.execute { () =>
        taken.incrementAndGet()
        busy.incrementAndGet()
        try task.run() finally busy.decrementAndGet()
      }
    def shutdown(): Unit = pool.shutdown()
    def shutdownNow(): JList[Runnable] = pool.shutdownNow()
    def isShutdown: Boolean = pool.isShutdown
    def isTerminated: Boolean = pool.isTerminated
    def awaitTermination(timeout: Long, unit: TimeUnit): Boolean = pool.awaitTermination(timeout, unit)

  private val watch: ScheduledExecutorService = Executors.newSingleThreadScheduledExecutor { r =>
    val thread = Thread(r, "cask-workers-watch")
    thread.setDaemon(true)
    thread
  }
  watch.scheduleWithFixedDelay(() => grow(), 100, 100, TimeUnit.MILLISECONDS)

  /** The queue is first in, first out: a request handed on before the last look and not yet taken has waited since. */
  private def grow(): Unit =
    val now = handed.get()
    val takenNow = taken.get()
    val waiting = (now - takenNow).toInt
    if takenNow < handedAtLastLook then
      val size = math.min(math.max(base, limits.connectionLimit), pool.getPoolSize + waiting)
      pool.setMaximumPoolSize(math.max(size, pool.getMaximumPoolSize))
      pool.setCorePoolSize(math.max(size, pool.getCorePoolSize))
      while pool.prestartCoreThread() do () // one per queued request, each taking it off the queue
    else if pool.getCorePoolSize > base && waiting == 0 && busy.get() < base then
      pool.setCorePoolSize(base) // the extra workers end once idle
      pool.setMaximumPoolSize(base)
    handedAtLastLook = now

  /** XNIO's worker on this pool, with Undertow's IO threads. */
  val worker: XnioWorker =
    Xnio.getInstance(classOf[Undertow].getClassLoader).createWorkerBuilder().setWorkerIoThreads(ioThreads)
      .setExternalExecutorService(counted).build()

  def close(): Unit =
    watch.shutdownNow()
    worker.shutdownNow()
    pool.shutdownNow()

/**
 * The minimum response rate (ServerSettings.Limits), which Undertow has no setting for: each response's sink counts
 * what it writes, and a writer about to wait on the client, finding the last window moved less than the rate, has the
 * connection closed and fails, which frees the worker (a client that stops reading altogether is
 * BlockingWriteTimeoutHandler's). Judged as a write waits, once all the kernel took at its last step is counted: a
 * step often takes two writes (Undertow hands on its buffers' worth at a time), and a judgement between them would
 * count a step in part.
 */
class MinimumRateHandler(limits: ServerSettings.Limits, next: HttpHandler) extends HttpHandler:
  def handleRequest(exchange: HttpServerExchange): Unit =
    exchange.addResponseWrapper((factory, exchange) => MinimumRateConduit(factory.create(), MinimumRate(limits), exchange))
    next.handleRequest(exchange)

class MinimumRateConduit(next: StreamSinkConduit, rate: MinimumRate, exchange: HttpServerExchange)
    extends AbstractStreamSinkConduit[StreamSinkConduit](next):
  private var written = 0L

  private def counted[N](n: N, bytes: Long): N =
    written += bytes
    n

  private def judged(): Unit =
    if !rate.keptUp(written) then
      IoUtils.safeClose(exchange.getConnection)
      throw IOException("the client read slower than the minimum response rate")

  override def write(src: ByteBuffer): Int = { val n = super.write(src); counted(n, n) }
  override def write(srcs: Array[ByteBuffer], offs: Int, len: Int): Long = { val n = super.write(srcs, offs, len); counted(n, n) }
  override def writeFinal(src: ByteBuffer): Int = { val n = super.writeFinal(src); counted(n, n) }
  override def writeFinal(srcs: Array[ByteBuffer], offs: Int, len: Int): Long = { val n = super.writeFinal(srcs, offs, len); counted(n, n) }
  override def transferFrom(src: FileChannel, position: Long, count: Long): Long = { val n = super.transferFrom(src, position, count); counted(n, n) }
  override def transferFrom(src: StreamSourceChannel, count: Long, throughBuffer: ByteBuffer): Long =
    val n = super.transferFrom(src, count, throughBuffer)
    counted(n, n)
  override def awaitWritable(): Unit = { judged(); super.awaitWritable() }
  override def awaitWritable(time: Long, timeUnit: TimeUnit): Unit = { judged(); super.awaitWritable(time, timeUnit) }
