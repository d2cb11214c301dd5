package transit.cask

import java.util.List as JList
import transit.api.Model.TripSchedule
import transit.api.TransitApi
import transit.server.{Framework, Library, Mode, ProtocolError, RunningServer, ServerSettings, Setting}

/** Cask as the comparison knows it: Cask on Undertow, upickle. server: CaskServer.start. */
final class CaskFramework(server: Framework.Starter) extends Framework:
  private val upickleLibrary = Library.of("upickle", upickle.default.getClass)

  def start(api: TransitApi, settings: ServerSettings): RunningServer = server.start(api, settings)

  def libraries: JList[Library] =
    JList.of(Library.of("Cask", classOf[cask.main.Main]), Library.of("Undertow", classOf[io.undertow.Undertow]), upickleLibrary)

  def json: Library = upickleLibrary

  def encodeSchedules(trips: JList[TripSchedule]): Array[Byte] = CaskJson.schedules(trips)

  def encodingFrames: JList[String] = JList.of("upickle.", "ujson.", CaskJson.getClass.getName.stripSuffix("$"))

  def serves(mode: Mode): String = mode match
    case Mode.IDIOMATIC => "upickle's write into one String per response, on Undertow's workers"
    case Mode.TUNED => "a geny.Writable on Undertow's output stream, 32 KB at a time, on Undertow's workers (blocked " +
      "writes need them; Cask's virtual threads, tried again on JDK 25, were no faster, with a higher p99 and RSS)"
    case Mode.CACHED => "the kept bytes as the response body, on Undertow's workers"

  def compresses: String =
    "Cask's compress decorator on the route (gzip, else deflate, for a request that names it; the JDK's GZIPOutputStream at " +
      "level 6, any size) as the body is written, a streamed answer as it streams; extended to leave a body gzipped already as it is"

  def answers(request: ProtocolError): Int = request match
    case ProtocolError.BARE_LF_LINE_ENDINGS | ProtocolError.PATH_NOT_UTF8_ONCE_DECODED | ProtocolError.HEADER_OF_70000_BYTES |
        ProtocolError.HEADER_LINE_WITHOUT_COLON | ProtocolError.SPACE_IN_HEADER_NAME | ProtocolError.OBSOLETE_FOLDED_HEADER |
        ProtocolError.CONTROL_CHARACTER_IN_HEADER_VALUE | ProtocolError.WEBSOCKET_UPGRADE | ProtocolError.HTTP_1_0_WITHOUT_HOST => 200
    case ProtocolError.LOWERCASE_GET => 405
    case ProtocolError.OPTIONS_ASTERISK | ProtocolError.CONNECT => 404
    case _ => 400 // the request line refused, an empty line first, a fragment, a 70,000-character id, 200 headers

  def settings: JList[Setting] = JList.of(
    Setting.always("@compressUnlessEncoded (Cask's compress decorator)", "on /schedules", "none", Setting.FOR_COMPRESSION, Setting.COMPRESSION_COST),
    Setting.limit("workers (CaskLimits.Workers)",
      "8 per IO thread on Undertow's own executor, grown while a request waits 100 ms for one, up to " + Setting.CONNECTIONS,
      "8 per IO thread (16 on 1-2 cores)", "each response is written by a worker blocking on the socket: without more, a few " +
        "dozen slow readers would leave everyone else queued; a pool that large from the start costs fast clients a " +
        "hand-over to a parked thread per request", Setting.WITH_THE_LIMITS),
    Setting.limit("SEND_BUFFER", Setting.SEND_BUFFER, "the kernel's, grown to megabytes", Setting.FOR_THE_RATE_CHECK, Setting.SEND_BUFFER_COST),
    Setting.limit("CONNECTION_HIGH_WATER, CONNECTION_LOW_WATER", Setting.CONNECTIONS, "1,000,000", Setting.FOR_THE_CONNECTION_LIMIT,
      Setting.WITH_THE_LIMITS),
    Setting.limit("BlockingWriteTimeoutHandler, NO_REQUEST_TIMEOUT", "30 s", "none", "a client that stops reading frees its worker; " +
      "an idle kept-alive connection is closed", Setting.WITH_THE_LIMITS),
    Setting.limit("REQUEST_PARSE_TIMEOUT", "5 s", "none", Setting.FOR_TRICKLED_HEADS, Setting.WITH_THE_LIMITS),
    Setting.limit("MinimumRateHandler (a conduit per response)", "16 KB/s over 10 s", "none (Undertow has no such setting)",
      Setting.FOR_TRICKLING_READERS, Setting.WITH_THE_LIMITS),
    Setting.always("RequestTarget (a handler before Cask's routing)", "absolute-form targets routed by their path, + in a path " +
      "kept, lower-case methods and WebSocket upgrades refused or ignored, dot segments answered 400", "Cask's own reading",
      Setting.FOR_THE_CONTRACT, Setting.IN_EVERY_FIGURE),
    Setting.always("debugMode", "false", "true", "an error is the contract's JSON, not a page with a stack trace", Setting.IN_EVERY_FIGURE),
    Setting.always("upickle writers (CaskJson)", "the contract's keys and nulls", "upickle's derived names", Setting.FOR_THE_CONTRACT_BYTES,
      Setting.IN_EVERY_FIGURE))
