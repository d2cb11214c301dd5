package transit.conformance;

import java.util.LinkedHashMap;
import java.util.Map;
import transit.server.ServerFactory;

/** Every framework under comparison, by name. A new framework is one more line here (and its folder). */
public final class Frameworks {
  private Frameworks() {}

  public static final Map<String, ServerFactory> ALL = new LinkedHashMap<>();

  static {
    ALL.put("cask", transit.cask.CaskServer.factory());
    ALL.put("http4s", transit.http4s.Http4sServer.factory());
    ALL.put("javalin", transit.javalin.JavalinServer.factory());
  }
}
