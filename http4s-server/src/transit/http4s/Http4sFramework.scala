package transit.http4s

import java.util.List as JList
import transit.api.Model.TripSchedule
import transit.api.TransitApi
import transit.server.{Framework, Library, Mode, ProtocolError, RunningServer, ServerSettings, Setting}

/** http4s as the comparison knows it: http4s on Ember, cats-effect IO, circe. server: Http4sServer.start. */
final class Http4sFramework(server: Framework.Starter) extends Framework:
  private val circe = Library.of("circe", classOf[io.circe.Json])

  def start(api: TransitApi, settings: ServerSettings): RunningServer = server.start(api, settings)

  def libraries: JList[Library] = JList.of(Library.of("http4s", classOf[org.http4s.ember.server.EmberServerBuilder[?]]),
    Library.of("cats-effect", classOf[cats.effect.IO[?]]), circe)

  def json: Library = circe

  def encodeSchedules(trips: JList[TripSchedule]): Array[Byte] = Http4sJson.schedules(trips)

  // circe allocates many times the response it encodes and collects every few ops: each JMH fork settles late, at a level of its own
  override def encoderSettlesSlowly: Boolean = true

  def encodingFrames: JList[String] = JList.of("io.circe.", "org.http4s.circe.", Http4sJson.getClass.getName.stripSuffix("$"))

  def serves(mode: Mode): String = mode match
    case Mode.IDIOMATIC => "Ok(json): circe's Json printed by http4s-circe's encoder, on cats-effect's compute threads (one per core)"
    case Mode.TUNED => "an fs2 stream of 128 KB chunks, each encoded in its own IO step as Ember pulls it, on cats-effect's " +
      "compute threads (one per core)"
    case Mode.CACHED => "the kept bytes as the entity, on cats-effect's compute threads (one per core)"

  def compresses: String =
    "http4s's GZip middleware around the routes (fs2's deflate at zlib's default level 6, 32 KB at a time, any size) on the " +
      "body stream as it goes, a streamed answer as it streams"

  def answers(request: ProtocolError): Int = request match
    // Ember waits for a complete request line, or fails choosing the Connection header, and closes
    case ProtocolError.NO_SPACES_IN_REQUEST_LINE | ProtocolError.METHOD_ONLY | ProtocolError.BARE_LF_LINE_ENDINGS |
        ProtocolError.HTTP_9_9 | ProtocolError.HTTP_2_0_REQUEST_LINE | ProtocolError.HTTP_0_9 => ProtocolError.NO_ANSWER
    case ProtocolError.EMPTY_LINE_BEFORE_REQUEST | ProtocolError.HEADER_LINE_WITHOUT_COLON | ProtocolError.SPACE_IN_HEADER_NAME |
        ProtocolError.OBSOLETE_FOLDED_HEADER | ProtocolError.TABS_BETWEEN_PARTS | ProtocolError.CONTENT_LENGTH_AND_CHUNKED => 400
    case ProtocolError.OPTIONS_ASTERISK | ProtocolError.CONNECT => 404
    case ProtocolError.LOWERCASE_GET => 405
    case ProtocolError.ROUTE_ID_OF_70000_CHARACTERS | ProtocolError.HEADER_OF_70000_BYTES => 431
    case _ => 200 // HTTP/1.0 without Host, a path not UTF-8 once decoded, a fragment, 200 headers, a control character in a header, a WebSocket upgrade

  /** fs2 binds with the JDK's default backlog and has no setting for it. */
  override def listenBacklog: Int = 50

  def settings: JList[Setting] = JList.of(
    Setting.always("GZip (middleware around the routes)", "gzip where the request accepts it", "none", Setting.FOR_COMPRESSION, Setting.COMPRESSION_COST),
    Setting.limit("withIdleTimeout", "30 s", "60 s", "a client that stops reading has its write timed out, an idle " +
      "kept-alive connection is closed", Setting.WITH_THE_LIMITS),
    Setting.limit("sendBufferSize (withAdditionalSocketOptions)", Setting.SEND_BUFFER, "the kernel's, grown to megabytes", Setting.FOR_THE_RATE_CHECK, Setting.SEND_BUFFER_COST),
    Setting.limit("RateChecked (RateCheckedBody around GZip)", "16 KB/s over 10 s on the bytes that go, checked as each chunk of " +
      s"up to ${ServerSettings.Limits.DEFAULT.sliceBytes() / 1024} KB (Limits.sliceBytes) goes out (a tuned body's 128 KB ones, a gzipped body's 32 KB ones)",
      "none (Ember has no such setting)", "a client reading a trickle is cut off; Ember times out each write whole, so " +
      "a long body goes out in chunks a slow phone can take within the timeout", Setting.WITH_THE_LIMITS + "; a reader " +
      s"below the rate is seen once a ${ServerSettings.Limits.DEFAULT.sliceBytes() / 1024} KB write waiting on it completes, where " +
      "smaller chunks would see it sooner for a socket write each, a price of its own in the kernel (docs/RESULTS.md, the size of a server's writes)"),
    Setting.always("withMaxHeaderSize", Setting.MAX_HEAD, "40 KB", Setting.FOR_LONG_IDS,
      Setting.IN_EVERY_FIGURE),
    Setting.always("withShutdownTimeout", "0", "30 s", "a stopped server closes its kept-alive connections at once, as Undertow " +
      "does", "none: shutdown only"),
    Setting.always("Http4sContract (WellFormed, SkipEmptySegments), OptionalParam, the error handlers", "Host required, dot segments refused, " +
      "empty path segments skipped, ?date without = kept, JSON error bodies", "Ember's and http4s's own reading",
      Setting.FOR_THE_CONTRACT, Setting.IN_EVERY_FIGURE),
    Setting.always("circe encoders (Http4sJson)", "the contract's keys and nulls", "none (circe derives none for Java records)",
      Setting.FOR_THE_CONTRACT_BYTES, Setting.IN_EVERY_FIGURE))
