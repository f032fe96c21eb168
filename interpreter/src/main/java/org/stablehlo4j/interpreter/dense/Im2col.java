package org.stablehlo4j.interpreter.dense;

/**
 * The left side of a convolution as a matrix without building it (im2col read on the fly while packing): row
 * {@code i = b * positions + s} is output position {@code s} of output batch {@code b}, column
 * {@code p = w * features + c} is window position {@code w} and input feature {@code c}. The element is the input at
 * {@code bases[batch * outBatches + b] + taps[s * window + w] + c * featureStride}, or zero where
 * {@code taps[...] < 0} (padding or a hole of the input dilation), as in the spec's zero-padded window.
 */
public final class Im2col extends Operand {
    private final int[] bases;
    private final int outBatches;
    private final int positions;
    private final int[] taps;
    private final int window;
    private final int features;
    private final int featureStride;

    /**
     * A convolution's windows as a matrix.
     *
     * @param data the input tensor's elements
     * @param bases the offset of input batch and feature group for each (product batch, output batch)
     * @param outBatches output batches per product batch
     * @param positions output spatial positions
     * @param taps the spatial offset in the input of each (output position, window position), {@code -1} if none
     * @param window window positions
     * @param features input features per group
     * @param featureStride the input's stride of the feature dimension
     */
    public Im2col(double[] data, int[] bases, int outBatches, int positions, int[] taps, int window, int features,
                  int featureStride) {
        super(data);
        this.bases = bases;
        this.outBatches = outBatches;
        this.positions = positions;
        this.taps = taps;
        this.window = window;
        this.features = features;
        this.featureStride = featureStride;
    }

    /** Padding is left alone (zero in a fresh or cleared panel). */
    @Override
    boolean writesEveryElement() {
        return false;
    }

    /** Writes only the taps inside the input (the rest of the panel is zero already). */
    @Override
    void packRows(int batch, int row0, int rows, int mr, int k, float[] f, double[] d, int base, double[] row) {
        for (int r = 0; r < rows; r++) {
            int i = row0 + r;
            int in = bases[batch * outBatches + i / positions];
            int tapRow = (i % positions) * window;
            for (int w = 0; w < window; w++) {
                int tap = taps[tapRow + w];
                if (tap < 0) continue;
                int at = in + tap;
                int to = base + w * features * mr + r;
                if (f != null) {
                    for (int c = 0; c < features; c++, at += featureStride, to += mr) f[to] = (float) data[at];
                } else {
                    for (int c = 0; c < features; c++, at += featureStride, to += mr) d[to] = data[at];
                }
            }
        }
    }

    /** Columns of the windows matrix as rows: a run of output positions at one window position and feature. */
    @Override
    Operand transposed() {
        Im2col self = this;
        return new Operand(data) {
            @Override
            void read(int batch, int row, int col0, int count, double[] out) {
                int w = row / features;
                int feature = (row % features) * featureStride;
                // output position s of output batch ob for column col0 + j, stepped without dividing
                int ob = batch * outBatches + col0 / positions;
                int s = col0 % positions;
                int base = bases[ob] + feature;
                for (int j = 0; j < count; j++) {
                    int tap = taps[s * window + w];
                    out[j] = tap < 0 ? 0.0 : data[base + tap];
                    if (++s == positions && j + 1 < count) {
                        s = 0;
                        base = bases[++ob] + feature;
                    }
                }
            }

            @Override
            Operand transposed() {
                return self;
            }
        };
    }

    @Override
    void read(int batch, int row, int col0, int count, double[] out) {
        int base = bases[batch * outBatches + row / positions];
        int tapRow = (row % positions) * window;
        int w = col0 / features;
        int c = col0 % features;
        for (int j = 0; j < count; ) {
            int tap = taps[tapRow + w];
            int run = Math.min(count - j, features - c);
            if (tap < 0) {
                java.util.Arrays.fill(out, j, j + run, 0.0);
            } else {
                int at = base + tap + c * featureStride;
                for (int x = 0; x < run; x++, at += featureStride) out[j + x] = data[at];
            }
            j += run;
            c = 0;
            w++;
        }
    }
}
