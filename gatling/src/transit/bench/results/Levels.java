package transit.bench.results;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.apache.commons.math3.exception.MathIllegalArgumentException;
import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.ArrayRealVector;
import org.apache.commons.math3.linear.QRDecomposition;
import org.apache.commons.math3.linear.RealVector;

/**
 * Each server's figure at a comparison's typical round: the logs of its fit figures taken as its own level plus its
 * round's (least squares over every server and round measured), the server's level added to the mean round's. A server
 * that counted only in slow or fast rounds (it settled late, or a slice was unfit) is neither helped nor hurt by them,
 * and two servers' figures stand as far apart as they did in the rounds they shared.
 */
public final class Levels {
  private Levels() {}

  /** Each server's figure at the typical round; where its rounds do not connect it to the others, its own geometric mean. */
  public static Map<Series, Double> of(List<Series> servers) {
    List<Integer> rounds = new ArrayList<>(new TreeSet<>(servers.stream().flatMap(s -> s.fit().keySet().stream()).toList()));
    List<double[]> rows = new ArrayList<>();
    List<Double> logs = new ArrayList<>();
    for (int i = 0; i < servers.size(); i++)
      for (Map.Entry<Integer, Double> e : servers.get(i).logs().entrySet()) {
        double[] row = new double[servers.size() + rounds.size() - 1]; // the first round is the others' baseline
        row[i] = 1;
        int round = rounds.indexOf(e.getKey());
        if (round > 0) row[servers.size() + round - 1] = 1;
        rows.add(row);
        logs.add(e.getValue());
      }
    Map<Series, Double> figures = new HashMap<>();
    try {
      RealVector fit = new QRDecomposition(new Array2DRowRealMatrix(rows.toArray(double[][]::new)), 1e-9).getSolver()
          .solve(new ArrayRealVector(logs.stream().mapToDouble(Double::doubleValue).toArray()));
      double typical = 0; // the mean round's level over the baseline's
      for (int r = 1; r < rounds.size(); r++) typical += fit.getEntry(servers.size() + r - 1) / rounds.size();
      for (int i = 0; i < servers.size(); i++) figures.put(servers.get(i), Math.exp(fit.getEntry(i) + typical));
    } catch (MathIllegalArgumentException | IllegalStateException unconnected) { // SingularMatrixException, or fewer cells than levels
      servers.forEach(s -> figures.put(s, s.figure()));
    }
    return figures;
  }
}
