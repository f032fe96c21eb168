package org.stablehlo4j.api.build;

/** An entry of the {@code precision_config} of dot and convolution ops. */
public enum Precision {
    /** the fastest */
    DEFAULT,
    /** more precise */
    HIGH,
    /** the most precise */
    HIGHEST
}
