package transit.cli;

import java.util.Arrays;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The project's command lines, on picocli: an option may also be read from an environment variable (the flag
 * wins), and a wrong flag or value is a {@link UsageException} whose message names it, or names the variable
 * when the bad value came from there.
 */
public final class Cli {
  private Cli() {}

  /** A wrong flag or value; the message names it. */
  public static final class UsageException extends RuntimeException {
    public UsageException(String message) { super(message); }
  }

  /**
   * Fills the picocli-annotated command from args, then from env for the options named in variables
   * (option name to variable name). Returns the command.
   */
  public static <T> T parse(T command, String[] args, Map<String, String> env, Map<String, String> variables) {
    CommandLine commandLine = new CommandLine(command);
    commandLine.setDefaultValueProvider(spec -> spec instanceof OptionSpec option && variables.containsKey(option.longestName())
        ? env.get(variables.get(option.longestName())) : null);
    try {
      commandLine.parseArgs(args);
    } catch (CommandLine.ParameterException e) {
      throw new UsageException(message(e, args, variables));
    }
    return command;
  }

  /** The usage text picocli writes for the command, run as name, without colours. */
  public static String usage(Object command, String name) {
    return new CommandLine(command).setCommandName(name).getUsageMessage(CommandLine.Help.Ansi.OFF).stripTrailing();
  }

  /**
   * "--port: "x" is not a port number", or "PORT: …" when the value came from the variable; picocli's own
   * message for anything else (an unknown option, a missing value).
   */
  private static String message(CommandLine.ParameterException e, String[] args, Map<String, String> variables) {
    if (!(e.getCause() instanceof CommandLine.TypeConversionException why) || !(e.getArgSpec() instanceof OptionSpec option))
      return e.getMessage();
    String name = option.longestName();
    boolean given = Arrays.stream(args).anyMatch(a -> a.equals(name) || a.startsWith(name + "="));
    return (given || !variables.containsKey(name) ? name : variables.get(name)) + ": " + why.getMessage();
  }

  /** A converter's refusal: the value and what it should have been. */
  public static CommandLine.TypeConversionException invalid(String value, String expected) {
    return new CommandLine.TypeConversionException("\"" + value + "\" is not " + expected);
  }
}
