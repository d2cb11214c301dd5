package transit.cask

import io.undertow.server.{HttpHandler, HttpServerExchange}
import io.undertow.util.{AttachmentKey, Headers, HttpString}
import io.undertow.Undertow
import java.io.{IOException, OutputStream}
import java.net.InetSocketAddress
import java.nio.ByteBuffer
import org.xnio.Options
import transit.api.{ResponseCache, RouteTrips, SchedulesJson, TransitApi}
import transit.server.{Framework, Mode, RunningServer, SchedulesAnswer, ServerSettings, ServerStartup}
import upickle.default.{Writer, write, writeToByteArray}

/** The route contract (docs/API.md) on Cask; JSON by upickle, or streamed from the feed's arrays when tuned. */
class TransitRoutes(api: TransitApi, mode: Mode) extends cask.Routes:
  import UpickleJson.given

  @cask.get("/")
  def helloWorld() = text(TransitApi.helloWorld())

  @cask.get("/greeting/:name")
  def greeting(name: String) =
    val greeting = TransitApi.greeting(name)
    if greeting.isOk then text(greeting.body) else json(greeting.error, greeting.status)

  // Routes with query parameters take cask.QueryParams, so that parameters they do not know are ignored,
  // as on the other servers, rather than refused with Cask's own 400.
  @cask.get("/hello")
  def hello(params: cask.QueryParams) = reply(TransitApi.hello(first(params, "name")))

  @cask.get("/health")
  def health() = json(api.health())

  @cask.get("/schedules/:routeId")
  def schedules(routeId: String, params: cask.QueryParams, request: cask.Request) =
    val answer = SchedulesAnswer.of(api, mode, routeId, first(params, "date"), UpickleJson.encode(_))
    // the heap the answer reserved is given back once Undertow has sent the response, or failed to
    request.exchange.addExchangeCompleteListener((_, next) => { answer.close(); next.proceed() })
    answer match
      case model: SchedulesAnswer.Model => respond(write(model.trips), 200, TransitApi.JSON)
      case tuned: SchedulesAnswer.Streamed => streamed(tuned.trips)
      case cached: SchedulesAnswer.Cached => encoded(cached.encoded)
      case failed: SchedulesAnswer.Failed => json(failed.error, failed.error.status)
      case busy: SchedulesAnswer.Busy =>
        respond(writeToByteArray(busy.error), 503, TransitApi.JSON, Seq("Retry-After" -> busy.retryAfterSeconds.toString))

  @cask.get("/stops/:stopId/departures")
  def departures(stopId: String, params: cask.QueryParams) =
    reply(api.departures(stopId, first(params, "date"), first(params, "after"), first(params, "limit")))

  private def first(params: cask.QueryParams, name: String): String =
    params.value.get(name).flatMap(_.headOption).orNull

  private def reply[T: Writer](r: TransitApi.Reply[T]) = encoded(ResponseCache.Encoded(r.status, UpickleJson.encode(r)))

  private def encoded(e: ResponseCache.Encoded) = respond(e.body, e.status, TransitApi.JSON)

  /**
   * Tuned: the JSON written to Undertow's output stream as it is produced, from the feed's arrays; no model,
   * no whole-response array (a 10 MB one would be a humongous object for G1). Its length is counted first, so
   * the body goes out as it is, not framed in chunks.
   */
  private def streamed(trips: RouteTrips) =
    val body = new geny.Writable:
      def writeBytesTo(out: OutputStream): Unit = SchedulesJson.write(trips, out)
      override def contentLength = Some(SchedulesJson(trips).length())
    respond(body, 200, TransitApi.JSON)

  initialize()

def text(body: String) = respond(body, 200, TransitApi.TEXT)

def json[T: Writer](body: T, status: Int = 200) = respond(writeToByteArray(body), status, TransitApi.JSON)

/** Every response the app sends: its body written so that a client gone mid-way ends the write quietly. */
def respond(body: cask.Response.Data, status: Int, contentType: String, headers: Seq[(String, String)] = Nil) =
  cask.Response[cask.Response.Data](UntilClientLeaves(body), status, ("Content-Type" -> contentType) +: headers)

/**
 * A body whose write stops quietly when the connection fails: a client that disconnects (or stops reading until
 * the write times out) is no error of the server's, where Cask would print each one's stack trace.
 */
class UntilClientLeaves(body: cask.Response.Data) extends cask.Response.Data:
  def write(out: OutputStream): Unit =
    try body.write(out)
    catch case _: IOException => () // the connection is closed: nothing is left to answer
  def headers = body.headers

/** A Cask app over a loaded feed; unknown paths and wrong methods answer with the contract's JSON errors. */
class CaskApp(api: TransitApi, mode: Mode) extends cask.Main:
  import UpickleJson.given
  val allRoutes = Seq(TransitRoutes(api, mode))
  override def debugMode = false

  override def handleNotFound(req: cask.Request) =
    json(TransitApi.noSuchPath(RequestTarget.sentPath(req.exchange)), 404)

  override def handleMethodNotAllowed(req: cask.Request) =
    json(TransitApi.methodNotAllowed(RequestTarget.sentMethod(req.exchange), RequestTarget.sentPath(req.exchange)), 405)

/**
 * What Undertow lets through and Cask would read otherwise than the contract, put right before Cask routes:
 *  - a target in absolute form (`GET http://host/hello`, which HTTP/1.1 servers must accept) is routed by its path;
 *    Cask would look the whole URL up as a path;
 *  - Cask decodes path segments as form data (java.net.URLDecoder), so a `+` would reach a route as a space, where
 *    in a path it is a plus (`/schedules/B82+` is route B82+): it is escaped before Cask decodes the path;
 *  - Cask matches methods ignoring case, but HTTP's are case-sensitive: `get` is not GET, so it is renamed to
 *    a method no route has, and Cask answers it as any other method (405 on a contract path);
 *  - Cask routes a WebSocket upgrade as a method of its own, so a GET asking for one would be a 405 telling it to
 *    use GET: the app serves no WebSocket, and the header is dropped, as the other servers ignore it;
 *  - a dot segment or broken percent-encoding in the query is the contract's 400 (TransitApi.badTarget).
 * The path and method as sent are kept for the errors that echo them.
 */
class RequestTarget(next: HttpHandler) extends HttpHandler:
  import UpickleJson.given

  def handleRequest(exchange: HttpServerExchange): Unit =
    val sent = RequestTarget.pathOf(exchange)
    val bad = TransitApi.badTarget(sent, Option(exchange.getQueryString).filter(_.nonEmpty).orNull)
    if bad != null then
      exchange.setStatusCode(bad.status)
      exchange.getResponseHeaders.put(Headers.CONTENT_TYPE, TransitApi.JSON)
      exchange.getResponseSender.send(ByteBuffer.wrap(writeToByteArray(bad)))
    else
      val method = exchange.getRequestMethod.toString
      if method != method.toUpperCase(java.util.Locale.ROOT) then
        exchange.putAttachment(RequestTarget.SentMethod, method)
        exchange.setRequestMethod(HttpString("not-" + method))
      exchange.getRequestHeaders.remove(Headers.UPGRADE)
      if sent != exchange.getRequestURI || sent.indexOf('+') >= 0 then
        exchange.putAttachment(RequestTarget.SentPath, sent)
        exchange.setRequestURI(sent.replace("+", "%2B"))
      next.handleRequest(exchange)

object RequestTarget:
  private val SentPath = AttachmentKey.create(classOf[String])
  private val SentMethod = AttachmentKey.create(classOf[String])

  /** The request's path as sent, still percent-encoded; without the scheme and host of an absolute-form target. */
  private def pathOf(exchange: HttpServerExchange): String =
    val uri = exchange.getRequestURI
    if !exchange.isHostIncludedInRequestURI then uri
    else
      val path = uri.indexOf('/', uri.indexOf("://") + 3)
      if path < 0 then "/" else uri.substring(path)

  def sentPath(exchange: HttpServerExchange): String = Option(exchange.getAttachment(SentPath)).getOrElse(exchange.getRequestURI)

  def sentMethod(exchange: HttpServerExchange): String =
    Option(exchange.getAttachment(SentMethod)).getOrElse(exchange.getRequestMethod.toString)

object CaskServer:
  def main(args: Array[String]): Unit =
    ServerStartup.run("cask-server", args, framework)

  /** The framework as the comparison knows it: build.mill's registry finds it by this name on every server's main class. */
  val framework: Framework = CaskFramework(start)

  /**
   * Undertow serving the Cask app, as cask.Main's own main builds it; port 0 picks a free port. At least two IO
   * threads (Undertow's default); a streamed response's worker blocks on the socket while the client reads, and
   * Cask's virtual threads (JDK 21+) served fewer requests/s than workers. The limits are CaskLimits' (with them on,
   * its workers); the backlog is the one every server asks for (Undertow's default is the same).
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

/**
 * upickle as a Scala user writes it: case classes mirroring the contract's JSON, their writers derived, and
 * core's Java records mapped onto them as they are written (`comap`): upickle derives writers for case classes,
 * not for Java records. The bytes the server sends, and what the JMH suite measures.
 */
object UpickleJson:
  import scala.jdk.CollectionConverters.*
  import transit.api.Model.*

  // JSON's snake_case keys are the fields' names; a time the feed leaves empty is None, written as null.
  case class StopTimeJson(stop_id: String, arrival_time: Option[String], departure_time: Option[String]) derives Writer
  case class TripJson(trip_id: String, service_id: String, route_id: String, schedules: collection.Seq[StopTime]) derives Writer
  case class DepartureJson(trip_id: String, route_id: String, departure_time: String) derives Writer
  case class DeparturesJson(stop_id: String, date: String, after: String, departures: collection.Seq[Departure]) derives Writer
  case class GreetingJson(message: String) derives Writer
  case class ErrorJson(status: Int, error: String, message: String) derives Writer
  case class FailedReloadJson(at: String, error: String) derives Writer
  case class HealthJson(source: String, checksum: String, loaded_at: String, loaded_from: String, routes: Int,
      trips: Int, stop_times: Int, stops: Int, services: Int, load_ms: Long, heap_bytes: Long,
      last_failed_reload: Option[FailedReloadJson]) derives Writer

  given javaList[T: Writer]: Writer[java.util.List[T]] = summon[Writer[collection.Seq[T]]].comap(_.asScala)
  given Writer[StopTime] = summon[Writer[StopTimeJson]].comap(s =>
    StopTimeJson(s.stopId, Option(s.arrivalTime), Option(s.departureTime)))
  given Writer[TripSchedule] = summon[Writer[TripJson]].comap(t => TripJson(t.tripId, t.serviceId, t.routeId, t.schedules.asScala))
  given Writer[Departure] = summon[Writer[DepartureJson]].comap(d => DepartureJson(d.tripId, d.routeId, d.departureTime))
  given Writer[Departures] = summon[Writer[DeparturesJson]].comap(d =>
    DeparturesJson(d.stopId, d.date, d.after, d.departures.asScala))
  given Writer[Greeting] = summon[Writer[GreetingJson]].comap(g => GreetingJson(g.message))
  given Writer[ApiError] = summon[Writer[ErrorJson]].comap(e => ErrorJson(e.status, e.error, e.message))
  given Writer[FeedSummary] = summon[Writer[HealthJson]].comap(s =>
    HealthJson(s.source, s.checksum, s.loadedAt, s.loadedFrom, s.routes, s.trips, s.stopTimes, s.stops, s.services,
      s.loadMillis, s.heapBytes, Option(s.lastFailedReload).map(f => FailedReloadJson(f.at, f.error))))

  def encode[T: Writer](r: TransitApi.Reply[T]): Array[Byte] =
    if r.isOk then writeToByteArray(r.body) else writeToByteArray(r.error)

  /** The /schedules body as the server sends it: upickle's write, then the String as UTF-8 (Cask's String body). */
  def schedules(trips: java.util.List[TripSchedule]): Array[Byte] =
    upickle.default.write(trips).getBytes(java.nio.charset.StandardCharsets.UTF_8)
