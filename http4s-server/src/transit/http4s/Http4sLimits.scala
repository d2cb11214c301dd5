package transit.http4s

import cats.data.Kleisli
import cats.effect.IO
import org.http4s.HttpRoutes
import fs2.{Pull, Stream}
import org.http4s.ember.server.EmberServerBuilder
import scala.jdk.DurationConverters.*
import transit.server.{MinimumRate, ServerSettings}

/**
 * The limits every server keeps (ServerSettings.Limits) on Ember, through its own settings: the idle timeout, which
 * Ember applies to each socket write as well as to the wait for a next request (its default is 60 s), the request
 * head's bound (its default, 5 s), the connection limit (its default, 1,024) and the send buffer (an option of every
 * accepted socket); the minimum response rate, which Ember has not, through RateCheckedBody. Off, Ember's defaults.
 */
object Http4sLimits:
  def apply(ember: EmberServerBuilder[IO], limits: ServerSettings.Limits): EmberServerBuilder[IO] =
    if !limits.on then ember
    else ember
      .withIdleTimeout(limits.idleTimeout.toScala)
      .withRequestHeaderReceiveTimeout(limits.requestHeadTimeout.toScala)
      .withMaxConnections(limits.connectionLimit)
      .withAdditionalSocketOptions(List(fs2.io.net.SocketOption.sendBufferSize(limits.sendBufferBytes)))

/**
 * Every /schedules answer's body rate-checked as it goes out: around GZip, so that a compressed answer is checked on
 * its compressed bytes, the ones a slow reader takes.
 */
object RateChecked:
  def apply(limits: ServerSettings.Limits)(routes: HttpRoutes[IO]): HttpRoutes[IO] =
    if !limits.on then routes
    else Kleisli(req => routes(req).map(r => if req.pathInfo.segments.headOption.exists(_.encoded == "schedules")
      then r.withBodyStream(RateCheckedBody(limits, r.body)) else r))

/**
 * A body that keeps up with the minimum response rate, which Ember has no setting for: it goes out in chunks of at
 * most Limits#sliceBytes (a tuned body's are smaller), each pulled once the last is written, and a pull that finds the
 * last window moved less than the rate fails the body, on which Ember closes the connection. Every chunk is a socket
 * write of its own, so they are as large as a reader at the rate takes well within Ember's write timeout (the idle
 * timeout); a body of one chunk or less goes out whole, as Ember writes it, its write bounded by that timeout alone.
 * Off, the body as it is.
 */
object RateCheckedBody:
  /** One pull per chunk that checks, then passes it on: a stage of its own per chunk costs a fast client's throughput. */
  def apply(limits: ServerSettings.Limits, body: Stream[IO, Byte]): Stream[IO, Byte] =
    if !limits.on then body
    else Stream.suspend {
      val rate = MinimumRate(limits)
      val chunkBytes = limits.sliceBytes()
      // sent: what went out before this chunk
      def checked(rest: Stream[IO, Byte], sent: Long): Pull[IO, Byte, Unit] = rest.pull.unconsLimit(chunkBytes).flatMap {
        case Some((chunk, tail)) =>
          if !rate.keptUp(sent) then Pull.raiseError[IO](SlowReader())
          else Pull.output(chunk) >> checked(tail, sent + chunk.size)
        case None => Pull.done
      }
      checked(body, 0L).stream
    }

  /** The client read slower than the minimum response rate. */
  class SlowReader extends java.io.IOException("the client read slower than the minimum response rate")
