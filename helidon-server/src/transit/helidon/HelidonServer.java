package transit.helidon;

import io.helidon.http.HeaderNames;
import io.helidon.http.HeaderValues;
import io.helidon.http.Headers;
import io.helidon.http.WritableHeaders;
import io.helidon.http.encoding.ContentDecoder;
import io.helidon.http.encoding.ContentEncoder;
import io.helidon.http.encoding.ContentEncoding;
import io.helidon.http.encoding.ContentEncodingContext;
import io.helidon.http.encoding.ContentEncodingContextConfig;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.Set;
import java.util.zip.GZIPOutputStream;
import io.helidon.webserver.WebServer;
import io.helidon.webserver.WebServerConfig;
import io.helidon.webserver.http1.Http1Config;
import io.helidon.webserver.http1.Http1ConnectionSelector;
import io.helidon.webserver.spi.ServerConnectionSelector;
import transit.api.HttpContract;
import transit.api.TransitApi;
import transit.server.Framework;
import transit.server.RunningServer;
import transit.server.ServerSettings;
import transit.server.ServerStartup;

/**
 * Helidon SE 4's WebServer with an HttpRouting, as Helidon's SE guides start it: the routes (HelidonRoutes), what the
 * contract asks beyond Helidon's reading (HelidonContract) and the limits (HelidonLimits). Every connection is served
 * on a virtual thread of its own, Helidon's only model, in every mode.
 */
public final class HelidonServer {
  private HelidonServer() {}

  public static void main(String[] args) {
    ServerStartup.run("helidon-server", args, framework());
  }

  /** The framework as the comparison knows it: build.mill's registry finds it by this name on every server's main class. */
  public static Framework framework() { return new HelidonFramework(HelidonServer::start); }

  /** The server on port 0 picks a free port; listening once this returns. */
  static RunningServer start(TransitApi api, ServerSettings settings) {
    WebServerConfig.Builder builder = WebServer.builder();
    Http1Config.Builder http1 = Http1Config.builder().maxPrologueLength(HttpContract.MAX_HEAD_BYTES).maxHeadersSize(HttpContract.MAX_HEAD_BYTES);
    HelidonLimits.Watch watch = HelidonLimits.apply(builder, http1, settings.limits());
    builder
        .host(settings.host())
        .port(settings.port())
        .backlog(ServerSettings.BACKLOG)
        .mediaContext(HelidonJson.media())
        .contentEncoding(new GzipWhereAccepted())
        .directHandlers(HelidonContract.errors())
        .routing(routing -> {
          if (watch != null) routing.addFilter(watch::filter);
          HelidonContract.before(routing);
          // with the limits on, writes as fine as the rate's judgements need (Limits.checkedBytes)
          HelidonRoutes.add(routing, api, settings.mode(), settings.limits().on() ? Math.min(HelidonRoutes.WRITE_BYTES,
              settings.limits().checkedBytes()) : HelidonRoutes.WRITE_BYTES);
          HelidonContract.after(routing);
        })
        .protocolsDiscoverServices(false); // HTTP/1 as configured here, the one protocol
    ServerConnectionSelector selector = Http1ConnectionSelector.builder().config(http1.build()).build();
    builder.addConnectionSelector(watch == null ? selector : watch.around(selector));
    WebServer server = builder.build().start();
    return new RunningServer() {
      public int port() { return server.port(); }

      public void close() {
        server.stop();
        if (watch != null) watch.close();
      }
    };
  }

  /**
   * Helidon's encodings with gzip, picked for a request by the contract's reading of its Accept-Encoding: Helidon's own
   * picks gzip for `gzip;q=0` and fails the request (a 500) on a q that is not a number.
   */
  static final class GzipWhereAccepted implements ContentEncodingContext {
    private final ContentEncodingContext helidon = ContentEncodingContext.builder().addContentEncoding(new Gzip()).build();

    @Override
    public ContentEncoder encoder(Headers requestHeaders) {
      String acceptEncoding = requestHeaders.first(HeaderNames.ACCEPT_ENCODING).orElse(null);
      return HttpContract.acceptsGzip(acceptEncoding) ? helidon.encoder("gzip") : ContentEncoder.NO_OP;
    }

    @Override
    public boolean contentEncodingEnabled() { return true; }

    @Override
    public boolean contentDecodingEnabled() { return helidon.contentDecodingEnabled(); }

    @Override
    public boolean contentEncodingSupported(String id) { return helidon.contentEncodingSupported(id); }

    @Override
    public boolean contentDecodingSupported(String id) { return helidon.contentDecodingSupported(id); }

    @Override
    public ContentEncoder encoder(String id) { return helidon.encoder(id); }

    @Override
    public ContentDecoder decoder(String id) { return helidon.decoder(id); }

    @Override
    public ContentEncodingContextConfig prototype() { return helidon.prototype(); }
  }

  /**
   * gzip, as Helidon's helidon-http-encoding-gzip module adds it (which this machine's Maven mirror does not serve): a
   * ContentEncoding that Helidon picks for a request accepting gzip, by its q-values, and applies to the response's
   * stream as it is written, at the JDK's default level.
   */
  static final class Gzip implements ContentEncoding {
    @Override
    public Set<String> ids() { return Set.of("gzip", "x-gzip"); }

    @Override
    public boolean supportsEncoding() { return true; }

    @Override
    public boolean supportsDecoding() { return false; }

    @Override
    public ContentDecoder decoder() { return ContentDecoder.NO_OP; }

    @Override
    public ContentEncoder encoder() {
      return new ContentEncoder() {
        @Override
        public OutputStream apply(OutputStream network) {
          try {
            return new GZIPOutputStream(network);
          } catch (IOException e) {
            throw new UncheckedIOException(e);
          }
        }

        @Override
        public void headers(WritableHeaders<?> headers) {
          headers.add(HeaderValues.create(HeaderNames.CONTENT_ENCODING, "gzip"));
          headers.remove(HeaderNames.CONTENT_LENGTH);
        }
      };
    }

    @Override
    public String name() { return "gzip"; }

    @Override
    public String type() { return "gzip"; }
  }
}
