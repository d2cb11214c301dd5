package transit.http4s

import cats.effect.{ExitCode, IO, IOApp, Resource}
import com.comcast.ip4s.{Host, Port}
import org.http4s.ember.server.EmberServerBuilder
import org.http4s.server.Server
import org.http4s.server.middleware.GZip
import scala.concurrent.duration.Duration
import transit.api.{HttpContract, TransitApi}
import transit.server.{Framework, RunningServer, ServerSettings, ServerStartup}

/**
 * http4s on Ember as an IOApp, as http4s's own examples start it: the routes (Http4sRoutes) inside what the contract
 * asks beyond http4s's reading (Http4sContract), and the limits (Http4sLimits).
 */
object Http4sServer extends IOApp:
  def run(args: List[String]): IO[ExitCode] =
    IO.blocking(ServerStartup.prepare("http4s-server", args.toArray)).flatMap {
      case exit: ServerStartup.Exit => IO.pure(ExitCode(exit.code))
      case started: ServerStartup.Started =>
        server(started.api, started.options.settings)
          .use(s => IO(started.printListening("http4s-server", s.address.getPort)) *> IO.never)
          .handleError(e => ExitCode(started.cannotListen("http4s-server", e)))
    }

  /**
   * Ember serving the routes; port 0 picks a free port. Tuned takes Ember's and cats-effect's defaults, which
   * are their docs' advice for CPU-bound work: one compute thread per core, and streaming responses. A client that
   * stops reading holds no thread here (its fiber waits); the limits are Http4sLimits'. Requests Ember cannot parse
   * get the contract's JSON error, where Ember's default is an empty body. The listen backlog cannot be set: fs2
   * binds with the JDK's default of 50 (docs/API.md, Limits).
   */
  def server(api: TransitApi, settings: ServerSettings): Resource[IO, Server] =
    for
      h <- Resource.eval(IO.fromOption(Host.fromString(settings.host))(IllegalArgumentException(s"not a host name or address: ${settings.host}")))
      p <- Resource.eval(IO.fromOption(Port.fromInt(settings.port))(IllegalArgumentException(s"not a port: ${settings.port}")))
      server <- Http4sLimits(EmberServerBuilder.default[IO], settings.limits)
        .withHost(h)
        .withPort(p)
        .withMaxHeaderSize(HttpContract.MAX_HEAD_BYTES)
        .withRequestLineParseErrorHandler(_ => Http4sContract.error(HttpContract.malformedRequest()))
        .withMaxHeaderSizeErrorHandler(_ => Http4sContract.error(HttpContract.headTooLarge()))
        // Ember's default waits up to 30 s for open connections, idle keep-alive ones included, so shutting down
        // would hang as long as any client holds one; like Undertow's stop() under Cask, close them at once.
        .withShutdownTimeout(Duration.Zero)
        .withHttpApp(Http4sContract(RateChecked(settings.limits)(GZip(Http4sRoutes(api, settings.mode).routes))))
        .build
    yield server

  /** The framework as the comparison knows it: build.mill's registry finds it by this name on every server's main class. */
  val framework: Framework = Http4sFramework(start)

  /** For the suites, which start and stop servers from plain Java: the same Resource, allocated on the global runtime. */
  def start(api: TransitApi, settings: ServerSettings): RunningServer =
    import cats.effect.unsafe.implicits.global
    val (running, release) = server(api, settings).allocated.unsafeRunSync()
    new RunningServer:
      def port = running.address.getPort
      def close() = release.unsafeRunSync()
