package transit.micronaut;

import io.micronaut.context.event.BeanCreatedEvent;
import io.micronaut.context.event.BeanCreatedEventListener;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpMethod;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpStatus;
import io.micronaut.context.annotation.Replaces;
import io.micronaut.http.MediaType;
import io.micronaut.http.MutableHttpResponse;
import io.micronaut.http.annotation.RequestFilter;
import io.micronaut.http.annotation.ServerFilter;
import io.micronaut.http.server.exceptions.response.ErrorContext;
import io.micronaut.http.server.exceptions.response.ErrorResponseProcessor;
import io.micronaut.http.netty.channel.ChannelPipelineCustomizer;
import io.micronaut.http.server.netty.NettyHttpRequest;
import io.micronaut.http.server.netty.NettyServerCustomizer;
import io.micronaut.http.server.netty.configuration.NettyHttpServerConfiguration;
import io.netty.channel.Channel;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import io.netty.handler.codec.http.DefaultHttpHeadersFactory;
import io.netty.handler.codec.http.HttpDecoderConfig;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeadersFactory;
import io.netty.handler.codec.http.HttpServerCodec;
import jakarta.inject.Singleton;
import io.micronaut.web.router.Router;
import transit.api.HttpContract;
import transit.api.Model.ApiError;

/**
 * What the contract asks of Micronaut beyond its own reading (docs/API.md, Errors and Protocol errors): a filter before
 * the routes, a request framed two ways refused, and Micronaut's own error answers as the contract's JSON.
 */
final class MicronautContract {
  private MicronautContract() {}

  /**
   * The request's Accept-Encoding as the contract reads it, where Micronaut's compression reads it when the response
   * goes: gzip where it accepts gzip, else none. Micronaut's own choice answers `*` in snappy, which no HTTP client
   * decodes, and `deflate;q=0, br` in deflate, which the request refused.
   */
  static void acceptEncoding(HttpRequest<?> request) {
    if (!(request instanceof NettyHttpRequest<?> netty)) return;
    io.netty.handler.codec.http.HttpHeaders headers = netty.getNativeRequest().headers();
    String given = headers.get(io.netty.handler.codec.http.HttpHeaderNames.ACCEPT_ENCODING);
    if (given == null) return;
    if (HttpContract.acceptsGzip(given)) headers.set(io.netty.handler.codec.http.HttpHeaderNames.ACCEPT_ENCODING, "gzip");
    else headers.remove(io.netty.handler.codec.http.HttpHeaderNames.ACCEPT_ENCODING);
  }

  /** The target as sent, still percent-encoded, as Netty's codec read it. */
  static String target(HttpRequest<?> request) {
    return request instanceof NettyHttpRequest<?> netty ? netty.getNativeRequest().uri() : request.getUri().toString();
  }

  /** The path of the target as sent: from an absolute-form target (http://host/path) its path alone. */
  static String path(HttpRequest<?> request) {
    return path(target(request));
  }

  private static String path(String target) {
    int query = target.indexOf('?');
    return HttpContract.originPath(query < 0 ? target : target.substring(0, query));
  }

  /**
   * A path variable as the contract reads it: Micronaut decodes a '+' in a path as a space, as a form would, where every
   * other server keeps it (a route id may hold one). given: Micronaut's value; index: the variable's segment, from 0.
   */
  static String variable(HttpRequest<?> request, String given, int index) {
    return HttpContract.pathVariable(path(request), index, given, '+');
  }

  /**
   * Before any route: an HTTP/1.1 request without exactly one Host header, a target with a character no URI has, a dot
   * segment or broken percent-encoding in the query, the contract's 400; another method than GET (HEAD too, which
   * Micronaut would answer from a GET route) on a served path 405, elsewhere 404.
   */
  @ServerFilter(ServerFilter.MATCH_ALL_PATTERN)
  static final class Before {
    private final Router router;

    Before(Router router) { this.router = router; }

    @RequestFilter
    @Nullable
    HttpResponse<?> refuse(HttpRequest<?> request) {
      ApiError bad = refused(request);
      if (bad != null) return error(bad);
      if (request.getMethod() != HttpMethod.GET) return notServed(request, router);
      return null;
    }
  }

  private static ApiError refused(HttpRequest<?> request) {
    String target = target(request);
    ApiError bad = HttpContract.notAUri(target);
    if (bad != null) return bad;
    int query = target.indexOf('?');
    bad = HttpContract.badTarget(path(target), query < 0 || query == target.length() - 1 ? null : target.substring(query + 1));
    if (bad != null) return bad;
    // the version as sent: Micronaut's getHttpVersion() says 1.1 for a 1.0 request
    boolean http11 = request instanceof NettyHttpRequest<?> netty ? netty.getNativeRequest().protocolVersion().equals(io.netty.handler.codec.http.HttpVersion.HTTP_1_1)
        : request.getHttpVersion() == io.micronaut.http.HttpVersion.HTTP_1_1;
    if (http11 && request.getHeaders().getAll(HttpHeaders.HOST).size() != 1)
      return HttpContract.hostRequired();
    return null;
  }

  /** Another method than GET: on a path no route serves, 404; on one they do, 405; to HEAD without a body, as HTTP has it. */
  private static HttpResponse<?> notServed(HttpRequest<?> request, Router router) {
    String path = path(request);
    String method = request.getMethodName();
    boolean served = router.find(HttpMethod.GET, request.getPath(), request).findAny().isPresent();
    ApiError error = served ? HttpContract.methodNotAllowed(method, path) : HttpContract.noSuchPath(path);
    if (!method.equals("HEAD")) return error(error);
    // the length the body would have: Micronaut drops a HEAD answer's body and its length, and then closes the connection
    return HttpResponse.status(HttpStatus.valueOf(error.status())).contentType(MediaType.APPLICATION_JSON_TYPE)
        .header(HttpHeaders.CONTENT_LENGTH, String.valueOf(MicronautJson.bytes(error).length));
  }

  /**
   * Micronaut's own error answers (a path no route serves, a request it cannot read) as the contract's JSON: the error
   * response processor, Micronaut's one place for their bodies, replaced. A controller's own answers are not its.
   */
  @Singleton
  @Replaces(ErrorResponseProcessor.class)
  static final class Errors implements ErrorResponseProcessor<ApiError> {
    @Override
    public MutableHttpResponse<ApiError> processResponse(ErrorContext context, MutableHttpResponse<?> response) {
      HttpRequest<?> request = context.getRequest();
      int status = response.code();
      ApiError error = switch (status) {
        case 404 -> HttpContract.noSuchPath(path(request));
        case 405 -> HttpContract.methodNotAllowed(request.getMethodName(), path(request));
        case 400 -> HttpContract.malformedRequest();
        case 413, 414, 431 -> new ApiError(status, response.reason(), HttpContract.headTooLarge().message());
        default -> new ApiError(status, response.reason(), context.getErrors().isEmpty() ? response.reason() : context.getErrors().get(0).getMessage());
      };
      return response.contentType(MediaType.APPLICATION_JSON_TYPE).body(error);
    }
  }

  /**
   * A request framed both by Content-Length and by Transfer-Encoding refused as malformed, its connection closed (RFC
   * 9112 §6.1 lets a server refuse it), where Netty's decoder drops the Content-Length and reads on. Netty gives its
   * decoder a hook for such a request, but Micronaut's codec, Netty's HttpServerCodec, is final: so the codec is Netty's
   * with Micronaut's own settings, put in its place as each connection's pipeline is built (before any byte is read),
   * whose request headers refuse to drop a Content-Length beside a Transfer-Encoding, which the hook asks of them.
   */
  @Singleton
  static final class OneFraming implements BeanCreatedEventListener<NettyServerCustomizer.Registry> {
    /** The codec's configuration as Micronaut builds it (HttpPipelineBuilder), with the refusing headers: one for all. */
    private final HttpDecoderConfig decoder;

    OneFraming(NettyHttpServerConfiguration server) {
      DefaultHttpHeadersFactory headers = DefaultHttpHeadersFactory.headersFactory().withValidation(server.isValidateHeaders());
      this.decoder = new HttpDecoderConfig()
          .setMaxInitialLineLength(server.getMaxInitialLineLength())
          .setMaxHeaderSize(server.getMaxHeaderSize())
          .setMaxChunkSize(server.getMaxChunkSize())
          .setInitialBufferSize(server.getInitialBufferSize())
          .setTrailersFactory(DefaultHttpHeadersFactory.trailersFactory().withValidation(server.isValidateHeaders()))
          .setHeadersFactory(new HttpHeadersFactory() {
            @Override
            public io.netty.handler.codec.http.HttpHeaders newHeaders() { return new OneFramingHeaders(headers); }

            @Override
            public io.netty.handler.codec.http.HttpHeaders newEmptyHeaders() { return headers.newEmptyHeaders(); }
          });
    }

    @Override
    public NettyServerCustomizer.Registry onCreated(BeanCreatedEvent<NettyServerCustomizer.Registry> event) {
      event.getBean().register(onEachConnection(channel -> {
        if (channel.pipeline().get(ChannelPipelineCustomizer.HANDLER_HTTP_SERVER_CODEC) instanceof HttpServerCodec)
          channel.pipeline().replace(ChannelPipelineCustomizer.HANDLER_HTTP_SERVER_CODEC, ChannelPipelineCustomizer.HANDLER_HTTP_SERVER_CODEC,
              new HttpServerCodec(decoder));
      }));
      return event.getBean();
    }
  }

  /**
   * A customizer for Micronaut's Netty server that hands each HTTP connection's channel to pipelineBuilt once its
   * pipeline is built, before any byte is read: the hook Micronaut offers into a connection's handlers.
   */
  static NettyServerCustomizer onEachConnection(java.util.function.Consumer<Channel> pipelineBuilt) {
    return new NettyServerCustomizer() {
      @Override
      public NettyServerCustomizer specializeForChannel(Channel channel, ChannelRole role) {
        if (role != ChannelRole.CONNECTION) return this;
        return new NettyServerCustomizer() {
          @Override
          public void onStreamPipelineBuilt() { pipelineBuilt.accept(channel); }
        };
      }
    };
  }

  private static final class OneFramingHeaders extends DefaultHttpHeaders {
    OneFramingHeaders(DefaultHttpHeadersFactory like) { super(like.getNameValidator(), like.getValueValidator()); }

    @Override
    public io.netty.handler.codec.http.HttpHeaders remove(CharSequence name) {
      if (HttpHeaderNames.CONTENT_LENGTH.contentEqualsIgnoreCase(name) && contains(HttpHeaderNames.CONTENT_LENGTH)
          && contains(HttpHeaderNames.TRANSFER_ENCODING))
        throw new IllegalArgumentException("framed both by Content-Length and by Transfer-Encoding"); // the decoder's invalid message
      return super.remove(name);
    }
  }

  /** The contract's JSON error body with its status. */
  static io.micronaut.http.MutableHttpResponse<ApiError> error(ApiError error) {
    return HttpResponse.<ApiError>status(HttpStatus.valueOf(error.status())).contentType(MediaType.APPLICATION_JSON_TYPE).body(error);
  }
}
