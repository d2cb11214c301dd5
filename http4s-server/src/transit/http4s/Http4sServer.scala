package transit.http4s

import cats.effect.IO
import cats.effect.unsafe.implicits.global
import com.comcast.ip4s.{Host, Port}
import io.circe.Encoder
import io.circe.syntax.*
import org.http4s.*
import org.http4s.circe.*
import org.http4s.dsl.io.*
import org.http4s.ember.server.EmberServerBuilder
import org.typelevel.ci.*
import scala.concurrent.duration.Duration
import scala.jdk.CollectionConverters.*
import transit.api.Model.*
import transit.api.{ResponseCache, TransitApi}
import org.http4s.headers.`Content-Type`
import transit.server.{RunningServer, ServerFactory, ServerStartup}

/** The route contract (docs/API.md) on http4s; JSON encoded by circe from core's model. */
class TransitRoutes(api: TransitApi):
  import JsonEncoders.given

  /**
   * Matched on the path first, so a known path asked with another method than GET is a 405, any other a 404.
   * Empty segments are skipped as Cask skips them: `/health/` is `/health`, and `/greeting/` names no one.
   */
  val app: HttpApp[IO] = HttpApp[IO] { req =>
    val segments = Path.unsafeFromString(rawPath(req)).segments.filterNot(_.isEmpty)
    Path(segments, absolute = true) match
      case Root => onlyGet(req)(text(TransitApi.helloWorld()))
      case Root / "greeting" / name => onlyGet(req)(text(TransitApi.greeting(name)))
      case Root / "hello" => onlyGet(req)(reply(TransitApi.hello(param(req, "name"))))
      case Root / "health" => onlyGet(req)(Ok(api.health().asJson))
      case Root / "schedules" / routeId =>
        onlyGet(req)(send(api.encodedSchedules(routeId, param(req, "date"), CirceJson.encode(_))))
      case Root / "stops" / stopId / "departures" =>
        onlyGet(req)(reply(api.departures(stopId, param(req, "date"), param(req, "after"), param(req, "limit"))))
      case _ => error(TransitApi.noSuchPath(requestPath(req)))
  }

  private def onlyGet(req: Request[IO])(response: => IO[Response[IO]]): IO[Response[IO]] =
    if req.method == GET then response
    else error(TransitApi.methodNotAllowed(req.method.name, requestPath(req)))

  /** The first value of a query parameter, null when absent; `?date` without `=` is the empty string. */
  private def param(req: Request[IO], name: String): String =
    req.uri.query.pairs.collectFirst { case (`name`, value) => value.getOrElse("") }.orNull

  /**
   * The path as sent, still percent-encoded. http4s reads a request target that starts with `//` as an
   * authority and a path (`//health` as host `health`, path empty), so the authority is put back in front
   * (not for an absolute URI, `GET http://host/path`, whose path is the path).
   */
  private def rawPath(req: Request[IO]): String =
    val misread = if req.uri.scheme.isEmpty then req.uri.authority else None
    misread.fold("")(a => "//" + a.renderString) + req.uri.path.renderString

  /** Errors echo the path as sent, percent-encoded, on every server. */
  private def requestPath(req: Request[IO]): String = rawPath(req)

  private def text(body: String): IO[Response[IO]] =
    // http4s would write charset=UTF-8; the contract's header is byte for byte the same on every server.
    Ok(body).map(_.putHeaders(Header.Raw(ci"Content-Type", TransitApi.TEXT)))

  private def reply[T: Encoder](r: TransitApi.Reply[T]): IO[Response[IO]] =
    if r.isOk then Ok(r.body.asJson) else error(r.error)

  private def send(encoded: ResponseCache.Encoded): IO[Response[IO]] =
    IO.fromEither(Status.fromInt(encoded.status)).map(status =>
      Response[IO](status).withEntity(encoded.body).withContentType(`Content-Type`(MediaType.application.json)))

  private def error(e: ApiError): IO[Response[IO]] =
    IO.fromEither(Status.fromInt(e.status)).map(status => Response[IO](status).withEntity(e.asJson))

object Http4sServer:
  /** Request lines and headers up to 64 KB, so an over-long id reaches TransitApi's 400 as on every server. */
  val MaxHeaderSize: Int = 64 * 1024

  def main(args: Array[String]): Unit =
    ServerStartup.run("http4s-server", args, factory)
    // cats-effect's threads are daemons: without this the JVM would exit once main returns.
    IO.never[Unit].unsafeRunSync()

  /** Ember serving the routes; port 0 picks a free port. Closing releases the server's resource. */
  val factory: ServerFactory = (api, host, port) =>
    val server = EmberServerBuilder
      .default[IO]
      .withHost(Host.fromString(host).getOrElse(throw IllegalArgumentException(s"not a host name or address: $host")))
      .withPort(Port.fromInt(port).getOrElse(throw IllegalArgumentException(s"not a port: $port")))
      .withMaxHeaderSize(MaxHeaderSize)
      // Ember's default waits up to 30 s for open connections, idle keep-alive ones included, so close() would
      // hang as long as any client holds one; like Undertow's stop() under Cask, close them at once.
      .withShutdownTimeout(Duration.Zero)
      .withHttpApp(TransitRoutes(api).app)
      .build
    val (running, release) = server.allocated.unsafeRunSync()
    new RunningServer:
      def port = running.address.getPort
      def close() = release.unsafeRunSync()

/** The bytes the server sends for a reply, printed as http4s-circe's jsonEncoder prints: also what JMH measures. */
object CirceJson:
  import JsonEncoders.given
  private val printer = io.circe.Printer.noSpaces

  def bytes(json: io.circe.Json): Array[Byte] =
    val buffer = printer.printToByteBuffer(json)
    val out = new Array[Byte](buffer.remaining)
    buffer.get(out)
    out

  def encode[T: Encoder](r: TransitApi.Reply[T]): Array[Byte] =
    bytes(if r.isOk then r.body.asJson else r.error.asJson)

  def schedules(trips: java.util.List[TripSchedule]): Array[Byte] = bytes(trips.asJson)

/** circe encoders for core's Java records: keys snake_case, in the contract's order. */
object JsonEncoders:
  given javaList[T](using Encoder[T]): Encoder[java.util.List[T]] =
    Encoder.encodeVector[T].contramap(_.asScala.toVector)

  // A time the feed leaves empty is null in the model and in the JSON.
  given Encoder[StopTime] = Encoder.forProduct3("stop_id", "arrival_time", "departure_time")(s =>
    (s.stopId, Option(s.arrivalTime), Option(s.departureTime)))

  given Encoder[TripSchedule] = Encoder.forProduct4("trip_id", "service_id", "route_id", "schedules")(t =>
    (t.tripId, t.serviceId, t.routeId, t.schedules))

  given Encoder[Departure] = Encoder.forProduct3("trip_id", "route_id", "departure_time")(d =>
    (d.tripId, d.routeId, d.departureTime))

  given Encoder[Departures] = Encoder.forProduct4("stop_id", "date", "after", "departures")(d =>
    (d.stopId, d.date, d.after, d.departures))

  given Encoder[Greeting] = Encoder.forProduct1("message")(_.message)

  given Encoder[ApiError] = Encoder.forProduct3("status", "error", "message")(e => (e.status, e.error, e.message))

  given Encoder[FailedReload] = Encoder.forProduct2("at", "error")(f => (f.at, f.error))

  given Encoder[FeedSummary] = Encoder.forProduct12("source", "checksum", "loaded_at", "loaded_from", "routes", "trips",
    "stop_times", "stops", "services", "load_ms", "heap_bytes", "last_failed_reload")(s =>
    (s.source, s.checksum, s.loadedAt, s.loadedFrom, s.routes, s.trips, s.stopTimes, s.stops, s.services, s.loadMillis,
      s.heapBytes, Option(s.lastFailedReload)))
