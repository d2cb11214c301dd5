package transit.cask

import io.undertow.server.{HttpHandler, HttpServerExchange}
import io.undertow.util.{AttachmentKey, Headers, HttpString}
import java.nio.ByteBuffer
import transit.api.{HttpContract, TransitApi}
import transit.server.Mode
import upickle.default.writeToByteArray

/** A Cask app over a loaded feed; unknown paths and wrong methods answer with the contract's JSON errors. */
class CaskApp(api: TransitApi, mode: Mode) extends cask.Main:
  import CaskJson.given
  val allRoutes = Seq(CaskRoutes(api, mode))
  override def debugMode = false

  override def handleNotFound(req: cask.Request) =
    json(HttpContract.noSuchPath(RequestTarget.sentPath(req.exchange)), 404)

  override def handleMethodNotAllowed(req: cask.Request) =
    json(HttpContract.methodNotAllowed(RequestTarget.sentMethod(req.exchange), RequestTarget.sentPath(req.exchange)), 405)

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
 *  - a dot segment or broken percent-encoding in the query is the contract's 400 (HttpContract.badTarget).
 * The path and method as sent are kept for the errors that echo them.
 */
class RequestTarget(next: HttpHandler) extends HttpHandler:
  import CaskJson.given

  def handleRequest(exchange: HttpServerExchange): Unit =
    val sent = RequestTarget.pathOf(exchange)
    val bad = HttpContract.badTarget(sent, Option(exchange.getQueryString).filter(_.nonEmpty).orNull)
    if bad != null then
      exchange.setStatusCode(bad.status)
      exchange.getResponseHeaders.put(Headers.CONTENT_TYPE, HttpContract.JSON)
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
