package transit.cask

import com.github.plokhotnyuk.jsoniter_scala.core.*
import transit.GtfsTime
import transit.api.RouteTrips

object JsoniterJson:
  private def time(seconds: Int, out: JsonWriter): Unit =
    if seconds == GtfsTime.NONE then out.writeNull() else out.writeNonEscapedAsciiVal(GtfsTime.format(seconds))

  def writeTrip(r: RouteTrips, trip: Int, out: JsonWriter): Unit =
    val feed = r.feed
    out.writeObjectStart()
    out.writeNonEscapedAsciiKey("trip_id"); out.writeVal(feed.tripId(trip))
    out.writeNonEscapedAsciiKey("service_id"); out.writeVal(feed.serviceIds.value(feed.tripService(trip)))
    out.writeNonEscapedAsciiKey("route_id"); out.writeVal(r.routeId)
    out.writeNonEscapedAsciiKey("schedules")
    out.writeArrayStart()
    val stopTimes = feed.stopTimesByTrip
    var p = stopTimes.start(trip)
    val end = stopTimes.end(trip)
    while p < end do
      val st = stopTimes.value(p)
      out.writeObjectStart()
      out.writeNonEscapedAsciiKey("stop_id"); out.writeVal(feed.stopIds.value(feed.stopTimeStop(st)))
      out.writeNonEscapedAsciiKey("arrival_time"); time(feed.arrival(st), out)
      out.writeNonEscapedAsciiKey("departure_time"); time(feed.departure(st), out)
      out.writeObjectEnd()
      p += 1
    out.writeArrayEnd()
    out.writeObjectEnd()

  given codec: JsonValueCodec[RouteTrips] = new JsonValueCodec[RouteTrips]:
    def nullValue: RouteTrips = null
    def decodeValue(in: JsonReader, default: RouteTrips): RouteTrips = in.decodeError("only written")
    def encodeValue(r: RouteTrips, out: JsonWriter): Unit =
      out.writeArrayStart()
      r.trips.foreach(writeTrip(r, _, out))
      out.writeArrayEnd()

  def writeSchedules(r: RouteTrips, out: java.io.OutputStream): Unit = writeToStream(r, out)
