package transit.http4s

import cats.effect.IO
import fs2.{Chunk, Stream}
import io.circe.Encoder
import io.circe.syntax.*
import org.http4s.*
import org.http4s.circe.*
import org.http4s.dsl.io.*
import org.http4s.headers.{`Content-Encoding`, `Content-Length`, `Content-Type`}
import org.typelevel.ci.*
import scala.reflect.ClassTag
import transit.api.Model.*
import transit.api.{HttpContract, ResponseCache, RouteTrips, SchedulesJson, TransitApi}
import transit.server.{Mode, SchedulesAnswer}

/** The route contract (docs/API.md) on http4s; JSON by circe, or streamed from the feed's arrays when tuned. */
class Http4sRoutes(api: TransitApi, mode: Mode):
  import Http4sJson.given

  val routes: HttpRoutes[IO] = HttpRoutes.of[IO] {
    case GET -> Root => text(TransitApi.helloWorld())
    case GET -> Root / "greeting" / name =>
      val greeting = TransitApi.greeting(name)
      if greeting.isOk then text(greeting.body) else error(greeting.error)
    case GET -> Root / "hello" :? NameParam(name) => reply(TransitApi.hello(name.orNull))
    case GET -> Root / "health" => Ok(api.health().asJson)
    case req @ GET -> Root / "schedules" / routeId :? DateParam(date) =>
      schedules(routeId, date.orNull, req.headers.get(ci"Accept-Encoding").fold(null)(_.map(_.value).toList.mkString(", ")))
        .map(_.putHeaders(Header.Raw(ci"Vary", HttpContract.VARY)))
    case GET -> Root / "stops" / stopId / "departures" :? DateParam(date) +& AfterParam(after) +& LimitParam(limit) =>
      IO(api.departures(stopId, date.orNull, after.orNull, limit.orNull)).flatMap(reply)
    case req if isContractPath(req.pathInfo) =>
      error(HttpContract.methodNotAllowed(req.method.name, SentPath(req)))
  }

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
  private def schedules(routeId: String, date: String, acceptEncoding: String): IO[Response[IO]] =
    IO(SchedulesAnswer.atOnce(api, mode, routeId, date, acceptEncoding)).flatMap { atOnce =>
      if atOnce != null then IO.pure(atOnce)
      else IO.blocking(SchedulesAnswer.of(api, mode, routeId, date, acceptEncoding, Http4sJson.encode(_)))
    }.flatMap { answer =>
      val response = answer match
        case model: SchedulesAnswer.ToEncode =>
          // a 10 MB encoding holds its compute thread until done: the fibers queued meanwhile go first
          IO.cede *> IO.defer {
            try Ok(model.trips.asJson)
            catch case _: OutOfMemoryError => busy(SchedulesAnswer.Busy(HttpContract.busy(), transit.api.ResponseBudget.RETRY_AFTER_SECONDS))
          }
        case tuned: SchedulesAnswer.Streamed => streamed(tuned.trips)
        case kept: SchedulesAnswer.Cached => cached(kept.encoded)
        case failed: SchedulesAnswer.Failed => error(failed.error)
        case refused: SchedulesAnswer.Busy => busy(refused)
      answer match
        case _: (SchedulesAnswer.ToEncode | SchedulesAnswer.Streamed) =>
          response.map(r => r.withBodyStream(r.body.onFinalize(IO(answer.close()))))
            .onError(_ => IO(answer.close()))
        case _ => response
    }

  private def busy(refused: SchedulesAnswer.Busy): IO[Response[IO]] =
    error(refused.error).map(_.putHeaders(Header.Raw(ci"Retry-After", refused.retryAfterSeconds.toString)))

  private def text(body: String): IO[Response[IO]] =
    // http4s would write charset=UTF-8; the contract's header is byte for byte the same on every server.
    Ok(body).map(_.putHeaders(Header.Raw(ci"Content-Type", HttpContract.TEXT)))

  private def reply[T: Encoder](r: TransitApi.Reply[T]): IO[Response[IO]] =
    if r.isOk then Ok(r.body.asJson) else error(r.error)

  private def error(e: ApiError): IO[Response[IO]] = Http4sContract.error(e)

  /** --cache: the bytes as they were kept; gzipped ones with their Content-Encoding, which GZip leaves as they are. */
  private def cached(encoded: ResponseCache.Encoded): IO[Response[IO]] =
    IO.fromEither(Status.fromInt(encoded.status)).map { status =>
      val response = Response[IO](status).withBodyStream(Stream.chunk(Chunk.array(encoded.body)))
        .putHeaders(`Content-Type`(MediaType.application.json), `Content-Length`.unsafeFromLong(encoded.body.length))
      if encoded.gzipped then response.putHeaders(`Content-Encoding`(ContentCoding.gzip)) else response
    }

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

/**
 * An optional query parameter as sent: `?date` without `=` is the empty string, which TransitApi refuses like
 * any malformed date, as the other servers do (http4s's OptionalQueryParamDecoderMatcher would drop it).
 */
class OptionalParam(name: String):
  def unapply(params: Map[String, collection.Seq[String]]): Some[Option[String]] =
    Some(params.get(name).map(_.headOption.getOrElse("")))

object NameParam extends OptionalParam("name")
object DateParam extends OptionalParam("date")
object AfterParam extends OptionalParam("after")
object LimitParam extends OptionalParam("limit")
