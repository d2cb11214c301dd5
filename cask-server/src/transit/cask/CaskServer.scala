package transit.cask

import io.undertow.Undertow
import java.net.InetSocketAddress
import transit.api.Model.*
import transit.api.TransitApi
import transit.server.{RunningServer, ServerFactory, ServerStartup}
import upickle.core.{ObjVisitor, Visitor}
import upickle.default.{Writer, writeToByteArray}

/** The route contract (docs/API.md) on Cask; JSON encoded by upickle from core's model. */
class TransitRoutes(api: TransitApi) extends cask.Routes:
  import JsonWriters.given

  @cask.get("/")
  def helloWorld() = text(TransitApi.helloWorld())

  @cask.get("/greeting/:name")
  def greeting(name: String, request: cask.Request) = text(TransitApi.greeting(segment(request, 1)))

  @cask.get("/hello")
  def hello(params: cask.QueryParams) = reply(TransitApi.hello(first(params, "name")))

  @cask.get("/health")
  def health() = json(api.health())

  @cask.get("/schedules/:routeId")
  def schedules(routeId: String, params: cask.QueryParams, request: cask.Request) =
    val encoded = api.encodedSchedules(segment(request, 1), first(params, "date"), UpickleJson.encode(_))
    cask.Response[cask.Response.Data](encoded.body, encoded.status, Seq("Content-Type" -> TransitApi.JSON))

  @cask.get("/stops/:stopId/departures")
  def departures(stopId: String, params: cask.QueryParams, request: cask.Request) =
    val (date, after, limit) = (first(params, "date"), first(params, "after"), first(params, "limit"))
    reply(api.departures(segment(request, 1), date, after, limit))

  private def first(params: cask.QueryParams, name: String): String =
    params.value.get(name).flatMap(_.headOption).orNull

  /**
   * Path segment i as sent, percent-decoded by the contract's rule. Cask's own path parameters read a `+`
   * as a space (form encoding), where in a path it is a plus (`/schedules/B82+` is route B82+).
   */
  private def segment(request: cask.Request, i: Int): String =
    TransitApi.decodePathSegment(request.exchange.getRequestURI.split('/').filter(_.nonEmpty)(i))

  private def reply[T: Writer](r: TransitApi.Reply[T]) =
    cask.Response[cask.Response.Data](UpickleJson.encode(r), r.status, Seq("Content-Type" -> TransitApi.JSON))

  initialize()

def text(body: String) = cask.Response[cask.Response.Data](body, headers = Seq("Content-Type" -> TransitApi.TEXT))

def json[T: Writer](body: T, status: Int = 200) = cask.Response[cask.Response.Data](
  writeToByteArray(body), statusCode = status, headers = Seq("Content-Type" -> TransitApi.JSON))

/** A Cask app over a loaded feed; unknown paths and wrong methods answer with the contract's JSON errors. */
class CaskApp(api: TransitApi) extends cask.Main:
  import JsonWriters.given
  val allRoutes = Seq(TransitRoutes(api))
  override def debugMode = false

  override def handleNotFound(req: cask.Request) =
    json(TransitApi.noSuchPath(req.exchange.getRequestURI), 404)

  override def handleMethodNotAllowed(req: cask.Request) =
    val error = TransitApi.methodNotAllowed(req.exchange.getRequestMethod.toString, req.exchange.getRequestURI)
    json(error, 405)


object CaskServer:
  // Undertow logs its start-up through java.util.logging at INFO; one line with the URL is enough.
  // The loggers are kept here because java.util.logging holds them weakly, settings included.
  private val undertowLoggers = Seq("io.undertow", "org.xnio", "org.jboss").map(java.util.logging.Logger.getLogger)
  def quietUndertow(): Unit = undertowLoggers.foreach(_.setLevel(java.util.logging.Level.WARNING))

  def main(args: Array[String]): Unit =
    ServerStartup.run("cask-server", args, factory)

  /** Undertow serving the Cask app; port 0 picks a free port. */
  val factory: ServerFactory = (api, host, port) =>
    quietUndertow()
    val server = Undertow.builder.addHttpListener(port, host).setHandler(CaskApp(api).defaultHandler).build
    server.start()
    val bound = server.getListenerInfo.get(0).getAddress.asInstanceOf[InetSocketAddress].getPort
    new RunningServer:
      def port = bound
      def close() = server.stop()

/** The bytes the server sends for a reply: what the routes use, and what the JMH suite measures. */
object UpickleJson:
  import JsonWriters.given

  def encode[T: Writer](r: TransitApi.Reply[T]): Array[Byte] =
    if r.isOk then writeToByteArray(r.body) else writeToByteArray(r.error)

  def schedules(trips: java.util.List[TripSchedule]): Array[Byte] = writeToByteArray(trips)

/** upickle writers for core's Java records, written the way upickle's derived writers visit a case class. */
object JsonWriters:
  private def field[T](o: ObjVisitor[Any, ?], key: String, value: T)(using w: Writer[T]): Unit =
    o.visitKeyValue(o.visitKey(-1).visitString(key, -1))
    o.visitValue(w.write(o.subVisitor, value), -1)

  private def obj[T](size: Int)(fields: (ObjVisitor[Any, ?], T) => Unit): Writer[T] = new Writer[T]:
    def write0[V](out: Visitor[?, V], v: T): V =
      val o = out.visitObject(size, true, -1).asInstanceOf[ObjVisitor[Any, V]]
      fields(o, v)
      o.visitEnd(-1)

  given javaList[T](using w: Writer[T]): Writer[java.util.List[T]] = new Writer[java.util.List[T]]:
    def write0[V](out: Visitor[?, V], v: java.util.List[T]): V =
      val a = out.visitArray(v.size, -1).asInstanceOf[upickle.core.ArrVisitor[Any, V]]
      val it = v.iterator
      while it.hasNext do a.visitValue(w.write(a.subVisitor, it.next()), -1)
      a.visitEnd(-1)

  given Writer[StopTime] = obj(3): (o, s) =>
    field(o, "stop_id", s.stopId); field(o, "arrival_time", s.arrivalTime); field(o, "departure_time", s.departureTime)

  given Writer[TripSchedule] = obj(4): (o, t) =>
    field(o, "trip_id", t.tripId); field(o, "service_id", t.serviceId); field(o, "route_id", t.routeId)
    field(o, "schedules", t.schedules)

  given Writer[Departure] = obj(3): (o, d) =>
    field(o, "trip_id", d.tripId); field(o, "route_id", d.routeId); field(o, "departure_time", d.departureTime)

  given Writer[Departures] = obj(4): (o, d) =>
    field(o, "stop_id", d.stopId); field(o, "date", d.date); field(o, "after", d.after); field(o, "departures", d.departures)

  given Writer[Greeting] = obj(1)((o, g) => field(o, "message", g.message))

  given Writer[ApiError] = obj(3): (o, e) =>
    field(o, "status", e.status); field(o, "error", e.error); field(o, "message", e.message)

  given Writer[FailedReload] = obj(2)((o, f) => { field(o, "at", f.at); field(o, "error", f.error) })

  given Writer[FeedSummary] = obj(12): (o, s) =>
    field(o, "source", s.source); field(o, "checksum", s.checksum); field(o, "loaded_at", s.loadedAt)
    field(o, "loaded_from", s.loadedFrom); field(o, "routes", s.routes); field(o, "trips", s.trips)
    field(o, "stop_times", s.stopTimes); field(o, "stops", s.stops); field(o, "services", s.services)
    field(o, "load_ms", s.loadMillis); field(o, "heap_bytes", s.heapBytes); field(o, "last_failed_reload", s.lastFailedReload)
