package transit.quarkus;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import java.io.UncheckedIOException;
import java.util.List;
import transit.api.Model.FeedSummary;
import transit.api.Model.TripSchedule;
import transit.api.TransitApi;

/**
 * Quarkus's Jackson as the contract writes it: snake_case keys (quarkus.jackson.property-naming-strategy in
 * application.properties), and what an ObjectMapperCustomizer bean (QuarkusServer) adds, Quarkus's own hook for it:
 * load_ms for loadMillis, characters beyond U+FFFF as UTF-8. The same mapper outside Quarkus encodes what JMH measures.
 */
public final class QuarkusJson {
  private QuarkusJson() {}

  /** What the customizer adds to Quarkus's mapper. */
  public static void customize(ObjectMapper mapper) {
    mapper.addMixIn(FeedSummary.class, FeedSummaryKeys.class);
    // characters beyond U+FFFF as UTF-8, not as two escaped surrogates: the contract's bytes
    mapper.getFactory().configure(JsonWriteFeature.COMBINE_UNICODE_SURROGATES_IN_UTF8.mappedFeature(), true);
  }

  /** The one key that is not its component's name in snake_case: loadMillis is load_ms on the wire. */
  abstract static class FeedSummaryKeys {
    @JsonProperty("load_ms") abstract long loadMillis();
  }

  /** The mapper as Quarkus's is configured here, outside Quarkus (JMH's encoder). */
  static final ObjectMapper MAPPER = mapper();

  private static ObjectMapper mapper() {
    ObjectMapper mapper = new ObjectMapper().setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE);
    customize(mapper);
    return mapper;
  }

  /** The idiomatic /schedules body, as Quarkus REST's Jackson writes it. */
  public static byte[] schedules(List<TripSchedule> trips) { return bytes(trips); }

  /** A reply's body or its error, for the response cache's fill. */
  public static byte[] encode(TransitApi.Reply<?> reply) { return bytes(reply.isOk() ? reply.body() : reply.error()); }

  /** A value as the contract's JSON (an error body outside Quarkus REST). */
  public static byte[] bytes(Object value) {
    try {
      return MAPPER.writeValueAsBytes(value);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }
}
