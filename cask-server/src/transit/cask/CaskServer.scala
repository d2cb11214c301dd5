package transit.cask

import io.undertow.Undertow
import java.net.InetSocketAddress
import org.xnio.Options
import transit.api.TransitApi
import transit.server.{Framework, RunningServer, ServerSettings, ServerStartup}

/**
 * Cask on Undertow, started as cask.Main's own main starts it: the routes (CaskRoutes) in an app with what the contract
 * asks beyond Cask's reading (CaskContract), and the limits (CaskLimits).
 */
object CaskServer:
  def main(args: Array[String]): Unit =
    ServerStartup.run("cask-server", args, framework)

  /** The framework as the comparison knows it: build.mill's registry finds it by this name on every server's main class. */
  val framework: Framework = CaskFramework(start)

  /**
   * Undertow serving the Cask app, as cask.Main's own main builds it; port 0 picks a free port. At least two IO
   * threads (Undertow's default); a streamed response's worker blocks on the socket while the client reads, and
   * Cask's virtual threads were no faster than workers, with a higher p99 (docs/RESULTS.md). The limits are
   * CaskLimits' (with them on, its workers); the backlog is the one every server asks for (Undertow's default is the
   * same).
   */
  def start(api: TransitApi, settings: ServerSettings): RunningServer =
    cask.main.Main.silenceJboss()
    val limits = settings.limits
    val workers = Option.when(limits.on)(Workers(limits))
    val listener = Undertow.builder.addHttpListener(settings.port, settings.host)
      .setSocketOption(Options.BACKLOG, Integer.valueOf(ServerSettings.BACKLOG))
    workers.foreach(w => listener.setWorker(w.worker))
    val server = CaskLimits(listener, limits, RequestTarget(CaskApp(api, settings.mode).defaultHandler)).build
    try server.start()
    catch case e: Exception => { workers.foreach(_.close()); throw e }
    val bound = server.getListenerInfo.get(0).getAddress.asInstanceOf[InetSocketAddress].getPort
    new RunningServer:
      def port = bound
      def close() =
        server.stop()
        workers.foreach(_.close())
