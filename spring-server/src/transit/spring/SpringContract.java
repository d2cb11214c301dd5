package transit.spring;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotWritableException;
import org.springframework.stereotype.Component;
import org.springframework.web.HttpRequestMethodNotSupportedException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.filter.OncePerRequestFilter;
import org.springframework.web.servlet.HandlerInterceptor;
import org.springframework.web.servlet.NoHandlerFoundException;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;
import transit.api.HttpContract;
import transit.api.Model.ApiError;
import transit.server.SchedulesAnswer;

/**
 * What Spring MVC does otherwise than the contract, each the Spring way: a filter for what comes before routing,
 * an interceptor for what follows a matched route, and advice for the errors.
 */
final class SpringContract {
  private SpringContract() {}

  /** The request attribute holding the path as sent: errors echo it, still percent-encoded. */
  static final String SENT_PATH = SpringContract.class.getName() + ".path";

  /**
   * Before routing: a dot segment or broken percent-encoding in the query is the contract's 400; and the routes see the
   * request as the contract reads it ({@link ContractRequest}).
   */
  @Component
  static final class Filter extends OncePerRequestFilter {
    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
        throws ServletException, IOException {
      String sent = request.getRequestURI();
      request.setAttribute(SENT_PATH, sent);
      ApiError bad = HttpContract.badTarget(sent, request.getQueryString());
      if (bad != null) {
        response.setStatus(bad.status());
        response.setContentType(HttpContract.JSON);
        response.getOutputStream().write(SpringJson.bytes(bad));
        return;
      }
      chain.doFilter(new ContractRequest(request), response);
    }
  }

  /**
   * A request as the contract reads it, where Spring reads it otherwise: its path with empty segments skipped
   * (`/schedules//B6` is `/schedules/B6`, `/health/` is `/health`; Spring matches the path as sent) and a `;` kept in a
   * path variable (Spring drops what follows it); a query parameter's first value when it is repeated (Spring joins
   * them with commas), and bytes that are not UTF-8 decoded as U+FFFD (Tomcat refuses the request).
   */
  private static final class ContractRequest extends HttpServletRequestWrapper {
    private final String path;
    private final Map<String, String[]> parameters = new LinkedHashMap<>();

    ContractRequest(HttpServletRequest request) {
      super(request);
      String skipped = request.getRequestURI().replaceAll("/{2,}", "/").replace(";", "%3B");
      this.path = skipped.length() > 1 && skipped.endsWith("/") ? skipped.substring(0, skipped.length() - 1) : skipped;
      String query = request.getQueryString();
      if (query != null) {
        for (String pair : query.split("&")) {
          if (pair.isEmpty()) continue;
          int equals = pair.indexOf('=');
          String name = decode(equals < 0 ? pair : pair.substring(0, equals)), value = equals < 0 ? "" : decode(pair.substring(equals + 1));
          parameters.putIfAbsent(name, new String[] {value});
        }
      }
    }

    /** Percent-decoded as UTF-8, a malformed sequence as U+FFFD (HttpContract.badTarget has refused broken escapes). */
    private static String decode(String s) { return URLDecoder.decode(s, StandardCharsets.UTF_8); }

    @Override
    public String getRequestURI() { return path; }

    @Override
    public String getParameter(String name) {
      String[] values = parameters.get(name);
      return values == null ? null : values[0];
    }

    @Override
    public Map<String, String[]> getParameterMap() { return Collections.unmodifiableMap(parameters); }

    @Override
    public Enumeration<String> getParameterNames() { return Collections.enumeration(parameters.keySet()); }

    @Override
    public String[] getParameterValues(String name) {
      String[] values = parameters.get(name);
      return values == null ? null : values.clone();
    }
  }

  /**
   * After a route matched: only GET is served, where Spring answers HEAD from the GET route and OPTIONS itself; and a
   * /schedules answer's heap is given back once its response is written.
   */
  @Component
  static final class Interceptor implements HandlerInterceptor, WebMvcConfigurer {
    @Override
    public boolean preHandle(HttpServletRequest request, HttpServletResponse response, Object handler) throws Exception {
      if (!"GET".equals(request.getMethod())) throw new HttpRequestMethodNotSupportedException(request.getMethod());
      return true;
    }

    @Override
    public void afterCompletion(HttpServletRequest request, HttpServletResponse response, Object handler, Exception failure) {
      if (request.getAttribute(SpringRoutes.ANSWER) instanceof SchedulesAnswer answer) answer.close();
    }

    @Override
    public void addInterceptors(InterceptorRegistry registry) { registry.addInterceptor(this); }
  }

  /** The contract's errors for what Spring MVC refuses: no route for the path (404), another method than GET (405). */
  @RestControllerAdvice
  static final class Errors {
    @ExceptionHandler(NoHandlerFoundException.class)
    ResponseEntity<ApiError> noSuchPath(HttpServletRequest request) {
      return SpringRoutes.error(HttpContract.noSuchPath(sentPath(request)));
    }

    @ExceptionHandler(HttpRequestMethodNotSupportedException.class)
    ResponseEntity<ApiError> methodNotAllowed(HttpServletRequest request) {
      return SpringRoutes.error(HttpContract.methodNotAllowed(request.getMethod(), sentPath(request)));
    }

    /** A client gone while a body was written: no news (Spring would log it); anything else is Spring's to handle. */
    @ExceptionHandler(HttpMessageNotWritableException.class)
    void notWritten(HttpMessageNotWritableException e) throws HttpMessageNotWritableException {
      for (Throwable cause = e; cause != null; cause = cause.getCause()) {
        if (cause instanceof IOException) return;
      }
      throw e;
    }

    private static String sentPath(HttpServletRequest request) {
      return request.getAttribute(SENT_PATH) instanceof String sent ? sent : request.getRequestURI();
    }
  }
}
