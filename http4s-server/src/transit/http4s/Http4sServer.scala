package transit.http4s

import cats.data.Kleisli
import cats.effect.{ExitCode, IO, IOApp, Resource, SyncIO}
import com.comcast.ip4s.{Host, Port}
import fs2.{Chunk, Stream}
import io.circe.Encoder
import io.circe.syntax.*
import org.http4s.*
import org.http4s.circe.*
import org.http4s.dsl.io.*
import org.http4s.ember.server.EmberServerBuilder
import org.http4s.headers.{`Content-Length`, `Content-Type`}
import org.http4s.server.Server
import org.typelevel.ci.*
import org.typelevel.vault.Key
import scala.concurrent.duration.Duration
import scala.jdk.CollectionConverters.*
import scala.reflect.ClassTag
import transit.api.Model.*
import transit.api.{ResponseCache, RouteTrips, SchedulesJson, TransitApi}
import transit.server.{Framework, Mode, RunningServer, SchedulesAnswer, ServerSettings, ServerStartup}

/** The route contract (docs/API.md) on http4s; JSON by circe, or streamed from the feed's arrays when tuned. */
class TransitRoutes(api: TransitApi, mode: Mode, limits: ServerSettings.Limits):
  import JsonEncoders.given

  val routes: HttpRoutes[IO] = HttpRoutes.of[IO] {
    case GET -> Root => text(TransitApi.helloWorld())
    case GET -> Root / "greeting" / name =>
      val greeting = TransitApi.greeting(name)
      if greeting.isOk then text(greeting.body) else error(greeting.error)
    case GET -> Root / "hello" :? Name(name) => reply(TransitApi.hello(name.orNull))
    case GET -> Root / "health" => Ok(api.health().asJson)
    case GET -> Root / "schedules" / routeId :? Date(date) => schedules(routeId, date.orNull)
    case GET -> Root / "stops" / stopId / "departures" :? Date(date) +& After(after) +& Limit(limit) =>
      IO(api.departures(stopId, date.orNull, after.orNull, limit.orNull)).flatMap(reply)
    case req if isContractPath(req.pathInfo) =>
      error(TransitApi.methodNotAllowed(req.method.name, SentPath(req)))
  }

  /** The routes above, over paths with their empty segments skipped; any other path is the contract's 404. */
  val app: HttpApp[IO] = WellFormed(Kleisli(req => SkipEmptySegments(routes)(req).getOrElseF(error(TransitApi.noSuchPath(SentPath(req))))))

  /** The paths of the contract, whatever the method: asked with another than GET, they are a 405. */
  private def isContractPath(path: Path): Boolean = path match
    case Root | Root / "hello" | Root / "health" | Root / "greeting" / _ | Root / "schedules" / _
        | Root / "stops" / _ / "departures" => true
    case _ => false

  /**
   * The answer core decides: at once on the compute pool when it is ready (kept bytes, a streamed answer with room),
   * else on a blocking thread (it may wait for room in the response budget, or encode a cache miss); rendered, and the
   * heap it reserved given back when the response's body is done, sent or failed. cats-effect takes an
   * OutOfMemoryError for fatal and stops the runtime: one while a model is encoded is answered as a 503 instead.
   */
  private def schedules(routeId: String, date: String): IO[Response[IO]] =
    IO(SchedulesAnswer.atOnce(api, mode, routeId, date)).flatMap { atOnce =>
      if atOnce != null then IO.pure(atOnce) else IO.blocking(SchedulesAnswer.of(api, mode, routeId, date, CirceJson.encode(_)))
    }.flatMap { answer =>
      val response = answer match
        case model: SchedulesAnswer.Model =>
          // a 10 MB encoding holds its compute thread until done: the fibers queued meanwhile go first
          IO.cede *> IO.defer {
            try Ok(model.trips.asJson)
            catch case _: OutOfMemoryError => busy(SchedulesAnswer.Busy(TransitApi.busy(), transit.api.ResponseBudget.RETRY_AFTER_SECONDS))
          }
        case tuned: SchedulesAnswer.Streamed => streamed(tuned.trips)
        case kept: SchedulesAnswer.Cached => cached(kept.encoded)
        case failed: SchedulesAnswer.Failed => error(failed.error)
        case refused: SchedulesAnswer.Busy => busy(refused)
      answer match
        case _: (SchedulesAnswer.Model | SchedulesAnswer.Streamed) =>
          response.map(r => r.withBodyStream(RateCheckedBody(limits, r.body).onFinalize(IO(answer.close()))))
            .onError(_ => IO(answer.close()))
        case _ => response
    }

  private def busy(refused: SchedulesAnswer.Busy): IO[Response[IO]] =
    error(refused.error).map(_.putHeaders(Header.Raw(ci"Retry-After", refused.retryAfterSeconds.toString)))

  private def text(body: String): IO[Response[IO]] =
    // http4s would write charset=UTF-8; the contract's header is byte for byte the same on every server.
    Ok(body).map(_.putHeaders(Header.Raw(ci"Content-Type", TransitApi.TEXT)))

  private def reply[T: Encoder](r: TransitApi.Reply[T]): IO[Response[IO]] =
    if r.isOk then Ok(r.body.asJson) else error(r.error)

  private def error(e: ApiError): IO[Response[IO]] = TransitRoutes.error(e)

  /** --cache: the bytes as they were kept. */
  private def cached(encoded: ResponseCache.Encoded): IO[Response[IO]] =
    IO.fromEither(Status.fromInt(encoded.status)).map(status =>
      Response[IO](status).withBodyStream(RateCheckedBody(limits, encoded.body))
        .putHeaders(`Content-Type`(MediaType.application.json), `Content-Length`.unsafeFromLong(encoded.body.length)))

  /**
   * Tuned: an fs2 stream of chunks written from the feed's arrays, each encoded in its own step as Ember pulls
   * it, so one long response shares the compute threads with every other request and never exists whole. Its
   * length is counted first: with a Content-Length, Ember sends the chunks as they are, where it would copy
   * each into a chunked-encoding frame. Chunks of 128 KB: each costs a fiber step, a new array and a socket
   * write, and 128 KB still encodes in a fraction of a millisecond, far below G1's humongous size.
   */
  private def streamed(trips: RouteTrips): IO[Response[IO]] =
    val chunks = Stream.suspend(Stream.unfoldChunkEval(SchedulesJson(trips, SchedulesJson.CHUNK_BYTES)) { json =>
      IO {
        val length = json.next()
        // ClassTag.Byte given, not summoned: Scala 3 would look it up by class on every chunk
        Option.when(length > 0)((Chunk.array(json.takeBuffer(), 0, length)(using ClassTag.Byte), json))
      }
    })
    IO(SchedulesJson(trips).length()).map(length =>
      Response[IO](Status.Ok).withBodyStream(chunks)
        .putHeaders(`Content-Type`(MediaType.application.json), `Content-Length`.unsafeFromLong(length)))

object TransitRoutes:
  import JsonEncoders.given

  /** The contract's JSON error body with its status. */
  def error(e: ApiError): IO[Response[IO]] =
    IO.fromEither(Status.fromInt(e.status)).map(Response[IO](_).withEntity(e.asJson))

/**
 * Middleware for what Ember lets through and the contract refuses, or answers otherwise: an HTTP/1.1 request
 * without exactly one Host header (RFC 9112 3.2: 400), a dot segment in the path (TransitApi.badTarget); and a
 * HEAD request's answer (an error: only GET is served) goes without its body, which Ember would send and HTTP forbids.
 */
object WellFormed:
  def apply(app: HttpApp[IO]): HttpApp[IO] = Kleisli { req =>
    val hosts = req.headers.get(ci"Host").fold(0)(_.size)
    val bad = if req.httpVersion == HttpVersion.`HTTP/1.1` && hosts != 1 then TransitApi.hostRequired()
      else TransitApi.badTarget(SentPath(req), Option(req.uri.query.renderString).filter(_.nonEmpty).orNull)
    val response = if bad != null then TransitRoutes.error(bad) else app(req)
    if req.method == Method.HEAD then response.map(_.withBodyStream(Stream.empty)) else response
  }

/**
 * An optional query parameter as sent: `?date` without `=` is the empty string, which TransitApi refuses like
 * any malformed date, as the other servers do (http4s's OptionalQueryParamDecoderMatcher would drop it).
 */
class OptionalParam(name: String):
  def unapply(params: Map[String, collection.Seq[String]]): Some[Option[String]] =
    Some(params.get(name).map(_.headOption.getOrElse("")))

object Name extends OptionalParam("name")
object Date extends OptionalParam("date")
object After extends OptionalParam("after")
object Limit extends OptionalParam("limit")

/**
 * Middleware: routes see the path with its empty segments skipped, as Cask and Javalin skip them
 * (`/schedules//B6` is `/schedules/B6`, `/health/` is `/health`, `/greeting/` names no one).
 */
object SkipEmptySegments:
  def apply(routes: HttpRoutes[IO]): HttpRoutes[IO] = Kleisli { req =>
    val sent = SentPath(req)
    val path = Path(Path.unsafeFromString(sent).segments.filterNot(_.isEmpty), absolute = true)
    routes(req.withUri(req.uri.withPath(path)).withAttribute(SentPath.key, sent))
  }

/** The path as sent, still percent-encoded: errors echo it on every server. */
object SentPath:
  val key: Key[String] = Key.newKey[SyncIO, String].unsafeRunSync()

  /**
   * http4s reads a request target that starts with `//` as an authority and a path (`//health` as host
   * `health`, path empty), so the authority is put back in front (not for an absolute URI,
   * `GET http://host/path`, whose path is the path).
   */
  def apply(req: Request[IO]): String = req.attributes.lookup(key).getOrElse {
    val misread = if req.uri.scheme.isEmpty then req.uri.authority else None
    misread.fold("")(a => "//" + a.renderString) + req.uri.path.renderString
  }

object Http4sServer extends IOApp:
  /** Request lines and headers up to 64 KB, so an over-long id reaches TransitApi's 400 as on every server. */
  val MaxHeaderSize: Int = 64 * 1024

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
        .withMaxHeaderSize(MaxHeaderSize)
        .withRequestLineParseErrorHandler(_ => TransitRoutes.error(TransitApi.malformedRequest()))
        .withMaxHeaderSizeErrorHandler(_ => TransitRoutes.error(TransitApi.headTooLarge(MaxHeaderSize)))
        // Ember's default waits up to 30 s for open connections, idle keep-alive ones included, so shutting down
        // would hang as long as any client holds one; like Undertow's stop() under Cask, close them at once.
        .withShutdownTimeout(Duration.Zero)
        .withHttpApp(TransitRoutes(api, settings.mode, settings.limits).app)
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
