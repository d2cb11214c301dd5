package transit.bench.scenario;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ThreadLocalRandom;

/** The paths the scenarios request; the hello scenario's names are always 5 letters, so each prefix has one expected length. */
public final class Requests {
  private Requests() {}

  public static final String ROOT = "/", GREETING = "/greeting/", HELLO = "/hello?name=", SAMPLE_NAME = "abcde", HEALTH = "/health";

  public static String schedule(String routeId) {
    return "/schedules/" + URLEncoder.encode(routeId, StandardCharsets.UTF_8).replace("+", "%20");
  }

  /** Five random lowercase letters, as long as SAMPLE_NAME. */
  static String randomName() {
    char[] name = new char[SAMPLE_NAME.length()];
    for (int i = 0; i < name.length; i++) name[i] = (char) ('a' + ThreadLocalRandom.current().nextInt(26));
    return new String(name);
  }
}
