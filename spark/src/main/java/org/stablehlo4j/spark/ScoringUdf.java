package org.stablehlo4j.spark;

import java.util.List;

import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.api.java.UDF1;
import org.apache.spark.sql.api.java.UDF2;
import org.apache.spark.sql.api.java.UDF3;
import org.apache.spark.sql.api.java.UDF4;
import org.apache.spark.sql.api.java.UDF5;
import org.apache.spark.sql.api.java.UDF6;
import org.apache.spark.sql.api.java.UDF7;
import org.apache.spark.sql.api.java.UDF8;
import org.apache.spark.sql.api.java.UDF9;
import org.apache.spark.sql.api.java.UDF10;
import org.stablehlo4j.api.StableHloException;

/**
 * The Spark SQL function {@link StableHloModel#registerUdf} registers: its parameters are the model's input
 * columns in order, it scores one row per call (a static export's batch padded with copies of it) and returns
 * the single output, or a struct of the outputs. One class serves 1 to {@link #MAX_COLUMNS} columns.
 */
final class ScoringUdf implements UDF1<Object, Object>, UDF2<Object, Object, Object>,
        UDF3<Object, Object, Object, Object>, UDF4<Object, Object, Object, Object, Object>,
        UDF5<Object, Object, Object, Object, Object, Object>, UDF6<Object, Object, Object, Object, Object, Object, Object>,
        UDF7<Object, Object, Object, Object, Object, Object, Object, Object>,
        UDF8<Object, Object, Object, Object, Object, Object, Object, Object, Object>,
        UDF9<Object, Object, Object, Object, Object, Object, Object, Object, Object, Object>,
        UDF10<Object, Object, Object, Object, Object, Object, Object, Object, Object, Object, Object> {
    private static final long serialVersionUID = 1L;
    /** The most input columns a registered function takes. */
    static final int MAX_COLUMNS = 10;

    private final Broadcast<ModelSpec> spec;
    private final String name;

    ScoringUdf(Broadcast<ModelSpec> spec, String name) {
        this.spec = spec;
        this.name = name;
    }

    Object score(Object... values) {
        PreparedModel model = PreparedModel.of(spec.value());
        int inputs = model.inputs.size();
        Object[][] slices = new Object[inputs][1];
        int at = 0;
        try {
            for (int i = 0; i < inputs; i++) {
                int n = model.inputs.get(i).spec().columns().size();
                Object[] mine = new Object[n];
                System.arraycopy(values, at, mine, 0, n);
                at += n;
                slices[i][0] = RowSlices.slice(model.inputs.get(i), mine);
            }
        } catch (RowSlices.BadValue e) {
            if (model.spec.nullOnBadRows) return null;
            throw new ScoringException("function " + name + ": " + e.getMessage());
        }
        List<PreparedModel.Result> results;
        try {
            results = model.run(slices, 1);
        } catch (StableHloException | RuntimeException e) {
            throw new ScoringException("function " + name + ": the program failed: " + e.getMessage(), e);
        }
        if (results.size() == 1) return model.column(0, results.get(0), 0);
        Object[] out = new Object[results.size()];
        for (int o = 0; o < out.length; o++) out[o] = model.column(o, results.get(o), 0);
        return RowFactory.create(out);
    }

    @Override
    public Object call(Object a) {
        return score(a);
    }

    @Override
    public Object call(Object a, Object b) {
        return score(a, b);
    }

    @Override
    public Object call(Object a, Object b, Object c) {
        return score(a, b, c);
    }

    @Override
    public Object call(Object a, Object b, Object c, Object d) {
        return score(a, b, c, d);
    }

    @Override
    public Object call(Object a, Object b, Object c, Object d, Object e) {
        return score(a, b, c, d, e);
    }

    @Override
    public Object call(Object a, Object b, Object c, Object d, Object e, Object f) {
        return score(a, b, c, d, e, f);
    }

    @Override
    public Object call(Object a, Object b, Object c, Object d, Object e, Object f, Object g) {
        return score(a, b, c, d, e, f, g);
    }

    @Override
    public Object call(Object a, Object b, Object c, Object d, Object e, Object f, Object g, Object h) {
        return score(a, b, c, d, e, f, g, h);
    }

    @Override
    public Object call(Object a, Object b, Object c, Object d, Object e, Object f, Object g, Object h, Object i) {
        return score(a, b, c, d, e, f, g, h, i);
    }

    @Override
    public Object call(Object a, Object b, Object c, Object d, Object e, Object f, Object g, Object h, Object i,
                       Object j) {
        return score(a, b, c, d, e, f, g, h, i, j);
    }
}
