package transit.http4s

import cats.data.Kleisli
import cats.effect.{IO, SyncIO}
import fs2.Stream
import io.circe.syntax.*
import org.http4s.*
import org.http4s.circe.*
import org.typelevel.ci.*
import org.typelevel.vault.Key
import transit.api.Model.ApiError
import transit.api.HttpContract

/**
 * What the contract asks of Ember and http4s beyond their own reading (docs/API.md, Errors and Protocol errors): the
 * routes over paths with their empty segments skipped, any other path the contract's 404, and the middleware below.
 */
object Http4sContract:
  import Http4sJson.given

  def apply(routes: HttpRoutes[IO]): HttpApp[IO] =
    WellFormed(Kleisli(req => SkipEmptySegments(routes)(req).getOrElseF(error(HttpContract.noSuchPath(SentPath(req))))))

  /** The contract's JSON error body with its status. */
  def error(e: ApiError): IO[Response[IO]] =
    IO.fromEither(Status.fromInt(e.status)).map(Response[IO](_).withEntity(e.asJson))

/**
 * Middleware for what Ember lets through and the contract refuses, or answers otherwise: an HTTP/1.1 request
 * without exactly one Host header (RFC 9112 3.2: 400), a dot segment in the path (HttpContract.badTarget); and a
 * HEAD request's answer (an error: only GET is served) goes without its body, which Ember would send and HTTP forbids.
 */
object WellFormed:
  def apply(app: HttpApp[IO]): HttpApp[IO] = Kleisli { req =>
    val hosts = req.headers.get(ci"Host").fold(0)(_.size)
    val bad = if req.httpVersion == HttpVersion.`HTTP/1.1` && hosts != 1 then HttpContract.hostRequired()
      else HttpContract.badTarget(SentPath(req), Option(req.uri.query.renderString).filter(_.nonEmpty).orNull)
    val response = if bad != null then Http4sContract.error(bad) else app(req)
    if req.method == Method.HEAD then response.map(_.withBodyStream(Stream.empty)) else response
  }

/**
 * Middleware: routes see the path with its empty segments skipped, as Cask and Javalin skip them
 * (`/schedules//B6` is `/schedules/B6`, `/health/` is `/health`, `/greeting/` names no one).
 */
object SkipEmptySegments:
  def apply(routes: HttpRoutes[IO]): HttpRoutes[IO] = Kleisli { req =>
    val sent = SentPath(req)
    val path = Uri.Path(Uri.Path.unsafeFromString(sent).segments.filterNot(_.isEmpty), absolute = true)
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
