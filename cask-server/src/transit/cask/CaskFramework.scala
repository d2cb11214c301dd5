package transit.cask

import java.util.List as JList
import transit.api.Model.TripSchedule
import transit.api.TransitApi
import transit.server.{Framework, Library, Mode, ProtocolError, RunningServer, ServerSettings}

/** Cask as the comparison knows it: Cask on Undertow, upickle. server: CaskServer.start. */
final class CaskFramework(server: Framework.Starter) extends Framework:
  private val upickleLibrary = Library.of("upickle", upickle.default.getClass)

  def start(api: TransitApi, settings: ServerSettings): RunningServer = server.start(api, settings)

  def libraries: JList[Library] =
    JList.of(Library.of("Cask", classOf[cask.main.Main]), Library.of("Undertow", classOf[io.undertow.Undertow]), upickleLibrary)

  def json: Library = upickleLibrary

  def encodeSchedules(trips: JList[TripSchedule]): Array[Byte] = UpickleJson.schedules(trips)

  def encodingFrames: JList[String] = JList.of("upickle.", "ujson.", "transit.cask.UpickleJson")

  def serves(mode: Mode): String = mode match
    case Mode.IDIOMATIC => "upickle's write into one String per response, on Undertow's workers"
    case Mode.TUNED => "a geny.Writable on Undertow's output stream, 32 KB at a time, on Undertow's workers (blocked " +
      "writes need them; Cask's virtual threads were slower)"
    case Mode.CACHED => "the kept bytes as the response body, on Undertow's workers"

  def answers(request: ProtocolError): Int = request match
    case ProtocolError.BARE_LF_LINE_ENDINGS | ProtocolError.PATH_NOT_UTF8_ONCE_DECODED | ProtocolError.HEADER_OF_70000_BYTES |
        ProtocolError.HEADER_LINE_WITHOUT_COLON | ProtocolError.SPACE_IN_HEADER_NAME | ProtocolError.OBSOLETE_FOLDED_HEADER |
        ProtocolError.CONTROL_CHARACTER_IN_HEADER_VALUE | ProtocolError.WEBSOCKET_UPGRADE => 200
    case ProtocolError.OPTIONS_ASTERISK | ProtocolError.CONNECT => 404
    case _ => 400 // the request line refused, an empty line first, a fragment, a 70,000-character id, 200 headers
