package transit.micronaut;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.micronaut.serde.ObjectMapper;
import io.micronaut.serde.annotation.SerdeImport;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import transit.api.Model;
import transit.api.Model.TripSchedule;
import transit.api.TransitApi;

/**
 * JSON as Micronaut writes it: Micronaut Serialization, its serializers for core's records written at compile time
 * (@SerdeImport, since core carries no annotation), configured as its docs configure it, for the contract's bytes.
 */
@SerdeImport(Model.TripSchedule.class)
@SerdeImport(Model.StopTime.class)
@SerdeImport(Model.Departures.class)
@SerdeImport(Model.Departure.class)
@SerdeImport(Model.Greeting.class)
@SerdeImport(Model.ApiError.class)
@SerdeImport(value = Model.FeedSummary.class, mixin = MicronautJson.FeedSummaryKeys.class)
@SerdeImport(Model.FailedReload.class)
@SerdeImport(Model.CacheSummary.class)
public final class MicronautJson {
  private MicronautJson() {}

  /** Core's records as the contract writes them: snake_case keys in component order, nulls
   * and empty lists written, characters beyond U+FFFF as UTF-8. */
  static final Map<String, Object> PROPERTIES = Map.of(
      "micronaut.serde.property-naming-strategy", "SNAKE_CASE",
      "micronaut.serde.serialization.inclusion", "ALWAYS",
      // characters beyond U+FFFF as UTF-8, not as two escaped surrogates
      "micronaut.serde.jackson.write-features.COMBINE_UNICODE_SURROGATES_IN_UTF8", true);

  /** The one key that is not its component's name in snake_case: loadMillis is load_ms on the wire. */
  interface FeedSummaryKeys {
    @JsonProperty("load_ms") long loadMillis();
  }

  /** A mapper as the server's, for what is encoded outside a request: the cache's bytes and JMH's encoder. */
  private static final ObjectMapper MAPPER = ObjectMapper.create(PROPERTIES, "transit.micronaut");

  static byte[] encode(TransitApi.Reply<?> reply) { return bytes(reply.isOk() ? reply.body() : reply.error()); }

  /** The /schedules body as the server encodes a returned model. */
  public static byte[] schedules(List<TripSchedule> trips) { return bytes(trips); }

  static byte[] bytes(Object value) {
    try {
      return MAPPER.writeValueAsBytes(value);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
