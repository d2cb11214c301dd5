package transit.http4s

import io.circe.Encoder
import io.circe.syntax.*
import scala.jdk.CollectionConverters.*
import transit.api.Model.*
import transit.api.TransitApi

/**
 * circe as an http4s user writes it: an Encoder per record of core's, and the bytes the server sends for a reply,
 * printed as http4s-circe's jsonEncoder prints them: also what JMH measures.
 */
object Http4sJson:
  private val printer = io.circe.Printer.noSpaces

  def bytes(json: io.circe.Json): Array[Byte] =
    val buffer = printer.printToByteBuffer(json)
    val out = new Array[Byte](buffer.remaining)
    buffer.get(out)
    out

  def encode[T: Encoder](r: TransitApi.Reply[T]): Array[Byte] =
    bytes(if r.isOk then r.body.asJson else r.error.asJson)

  def schedules(trips: java.util.List[TripSchedule]): Array[Byte] = bytes(trips.asJson)

  // circe encoders for core's Java records: keys snake_case, in the contract's order.
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

  given Encoder[CacheSummary] = Encoder.forProduct5("answers", "bytes", "budget_bytes", "hits", "misses")(c =>
    (c.answers, c.bytes, c.budgetBytes, c.hits, c.misses))

  given Encoder[FeedSummary] = Encoder.forProduct13("source", "checksum", "loaded_at", "loaded_from", "routes", "trips",
    "stop_times", "stops", "services", "load_ms", "heap_bytes", "last_failed_reload", "cache")(s =>
    (s.source, s.checksum, s.loadedAt, s.loadedFrom, s.routes, s.trips, s.stopTimes, s.stops, s.services, s.loadMillis,
      s.heapBytes, Option(s.lastFailedReload), Option(s.cache)))
