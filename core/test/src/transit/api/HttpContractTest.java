package transit.api;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Accept-Encoding as the contract reads it (RFC 9110, 12.5.3), where a cached server sends gzip bytes itself. */
class HttpContractTest {
  @ParameterizedTest(name = "\"{0}\"")
  @ValueSource(strings = {"gzip", "GZIP", "gzip, deflate, br", "br;q=1.0, gzip;q=0.5", " gzip ; q=0.001", "*", "*;q=0.1",
      "identity, *", "br, x-gzip", "gzip;q=1, gzip;q=0", "gzip;q=abc, *", "br;q=abc, gzip"})
  void gzipGoes(String acceptEncoding) {
    assertTrue(HttpContract.acceptsGzip(acceptEncoding), acceptEncoding);
  }

  @ParameterizedTest(name = "\"{0}\"")
  @ValueSource(strings = {"", "identity", "gzip;q=0", "gzip;q=0.000", "br", "deflate, br", "*;q=0", "gzip;q=0, *",
      "gzip;q=abc", "gzip;q=2", "gzip;q=-1", "gzip;q=0.5000", ",,,", ";q=1", "gzipped", "identity;q=0"})
  void identityGoes(String acceptEncoding) {
    assertFalse(HttpContract.acceptsGzip(acceptEncoding), acceptEncoding);
  }

  @org.junit.jupiter.api.Test
  void noHeaderAndAThousandUnknownCodingsAreIdentity() {
    assertFalse(HttpContract.acceptsGzip(null));
    assertFalse(HttpContract.acceptsGzip("x-coding-a, ".repeat(1000)));
    assertTrue(HttpContract.acceptsGzip("a, ".repeat(1000) + "gzip"));
  }
}
