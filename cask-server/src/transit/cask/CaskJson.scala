package transit.cask

import upickle.default.{Writer, writeToByteArray}
import transit.api.TransitApi

/**
 * upickle as a Scala user writes it: case classes mirroring the contract's JSON, their writers derived, and
 * core's Java records mapped onto them as they are written (`comap`): upickle derives writers for case classes,
 * not for Java records. The bytes the server sends, and what the JMH suite measures.
 */
object CaskJson:
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
  case class CacheJson(answers: Int, bytes: Long, budget_bytes: Long, hits: Long, misses: Long) derives Writer
  case class HealthJson(source: String, checksum: String, loaded_at: String, loaded_from: String, routes: Int,
      trips: Int, stop_times: Int, stops: Int, services: Int, load_ms: Long, heap_bytes: Long,
      last_failed_reload: Option[FailedReloadJson], cache: Option[CacheJson]) derives Writer

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
      s.loadMillis, s.heapBytes, Option(s.lastFailedReload).map(f => FailedReloadJson(f.at, f.error)),
      Option(s.cache).map(c => CacheJson(c.answers, c.bytes, c.budgetBytes, c.hits, c.misses))))

  def encode[T: Writer](r: TransitApi.Reply[T]): Array[Byte] =
    if r.isOk then writeToByteArray(r.body) else writeToByteArray(r.error)

  /** The /schedules body as the server sends it: upickle's write, then the String as UTF-8 (Cask's String body). */
  def schedules(trips: java.util.List[TripSchedule]): Array[Byte] =
    upickle.default.write(trips).getBytes(java.nio.charset.StandardCharsets.UTF_8)
