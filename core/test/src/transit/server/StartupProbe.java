package transit.server;

/**
 * A server main as every framework's is, over a server that does not listen: what a start prints and how it
 * exits, and reloads, without a web framework. Stays up until killed once it has started.
 */
public final class StartupProbe {
  private StartupProbe() {}

  public static void main(String[] args) throws InterruptedException {
    ServerStartup.Started started = ServerStartup.start("probe", args);
    started.printListening("probe", started.options().port());
    Thread.sleep(Long.MAX_VALUE);
  }
}
