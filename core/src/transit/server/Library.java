package transit.server;

/** A library as a reader names it, with the version on the classpath (its jar's Implementation-Version). */
public record Library(String name, String version) {
  /** The library one of whose classes is given, its version read from that class's jar; "?" where the jar has none. */
  public static Library of(String name, Class<?> anyClassOfIt) {
    String version = anyClassOfIt.getPackage() == null ? null : anyClassOfIt.getPackage().getImplementationVersion();
    return new Library(name, version == null ? "?" : version);
  }

  @Override
  public String toString() { return name + " " + version; }
}
