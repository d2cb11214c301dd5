package transit.cask

import java.io.{IOException, OutputStream}
import transit.api.{HttpContract, ResponseCache, RouteTrips, SchedulesJson, TransitApi}
import transit.server.{Mode, SchedulesAnswer}
import upickle.default.{Writer, write, writeToByteArray}

/** The route contract (docs/API.md) on Cask; JSON by upickle, or streamed from the feed's arrays when tuned. */
class CaskRoutes(api: TransitApi, mode: Mode) extends cask.Routes:
  import CaskJson.given

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

  @compressUnlessEncoded()
  @cask.get("/schedules/:routeId")
  def schedules(routeId: String, params: cask.QueryParams, request: cask.Request) =
    val acceptEncoding = request.exchange.getRequestHeaders.getFirst("Accept-Encoding")
    val answer = SchedulesAnswer.of(api, mode, routeId, first(params, "date"), acceptEncoding, CaskJson.encode(_))
    // the heap the answer reserved is given back once Undertow has sent the response, or failed to
    request.exchange.addExchangeCompleteListener((_, next) => { answer.close(); next.proceed() })
    answer match
      case model: SchedulesAnswer.ToEncode => respond(write(model.trips), 200, HttpContract.JSON, varies)
      case tuned: SchedulesAnswer.Streamed => streamed(tuned.trips)
      case cached: SchedulesAnswer.Cached => encoded(cached.encoded, varies)
      case failed: SchedulesAnswer.Failed => respond(writeToByteArray(failed.error), failed.error.status, HttpContract.JSON, varies)
      case busy: SchedulesAnswer.Busy =>
        respond(writeToByteArray(busy.error), 503, HttpContract.JSON, ("Retry-After" -> busy.retryAfterSeconds.toString) +: varies)

  @cask.get("/stops/:stopId/departures")
  def departures(stopId: String, params: cask.QueryParams) =
    reply(api.departures(stopId, first(params, "date"), first(params, "after"), first(params, "limit")))

  private def first(params: cask.QueryParams, name: String): String =
    params.value.get(name).flatMap(_.headOption).orNull

  private def reply[T: Writer](r: TransitApi.Reply[T]) = encoded(ResponseCache.Encoded(r.status, CaskJson.encode(r)))

  /** Kept bytes; gzipped ones as they are, which compressUnlessEncoded leaves alone. */
  private def encoded(e: ResponseCache.Encoded, headers: Seq[(String, String)] = Nil) =
    respond(e.body, e.status, HttpContract.JSON, if e.gzipped then ("Content-Encoding" -> "gzip") +: headers else headers)

  /** Every /schedules answer may go gzipped or not, by the request's Accept-Encoding. */
  private val varies = Seq("Vary" -> HttpContract.VARY)

  /**
   * Tuned: the JSON written to Undertow's output stream as it is produced, from the feed's arrays; no model,
   * no whole-response array (a 10 MB one would be a humongous object for G1). Its length is counted first, so
   * the body goes out as it is, not framed in chunks.
   */
  private def streamed(trips: RouteTrips) =
    val body = new geny.Writable:
      def writeBytesTo(out: OutputStream): Unit = SchedulesJson.write(trips, out)
      override def contentLength = Some(SchedulesJson(trips).length())
    respond(body, 200, HttpContract.JSON, varies)

  initialize()

def text(body: String) = respond(body, 200, HttpContract.TEXT)

def json[T: Writer](body: T, status: Int = 200) = respond(writeToByteArray(body), status, HttpContract.JSON)

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

/**
 * Cask's own compression (gzip, else deflate, for a request that names it; the JDK's default level), on a body as it is
 * written, so a streamed answer goes out compressed as it streams. A body gzipped already (a kept --cache answer) goes as
 * it is, where Cask's decorator would compress it again; a client gone mid-way ends the write quietly, as every body.
 */
class compressUnlessEncoded extends cask.decorators.compress:
  override def wrapFunction(ctx: cask.Request, delegate: Delegate) =
    val result = delegate(ctx, Map())
    result match
      case cask.router.Result.Success(raw) if raw.headers.exists(_._1.equalsIgnoreCase("Content-Encoding")) => result
      case _ => super.wrapFunction(ctx, (_, _) => result).transform { case raw: cask.Response.Raw => raw.copy(data = UntilClientLeaves(raw.data)) }
