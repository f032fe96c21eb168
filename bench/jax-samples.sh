#!/usr/bin/env bash
# Runs JMH's JaxSampleBench (the jax-samples in-process through StableHloRunner.run, module deserialized once) on
# one or more built trees and prints a markdown table, microseconds per run (± JMH's 99.9 % error; with --cpu,
# CPU microseconds per run of the running thread, the smallest of 7 rounds):
#   bench/jax-samples.sh [--samples a,b,...] [--jmh "JMH OPTIONS" | --cpu RUNS] TREE...
# --cpu RUNS measures without JMH (for a loaded machine): per sample, each tree in turn runs it RUNS times a round,
# 7 rounds, and the smallest thread CPU time per run is shown (JaxSampleBench's main).
# The benchmark's source (bench/src/main/java/.../JaxSampleBench.java) uses only API that 92dc09d had, so it is
# compiled here against each TREE's own core and interpreter jars (javac with JMH's annotation processor) and run
# with exactly those jars: e.g. `bench/jax-samples.sh /work/base-92dc .` compares 92dc09d with this tree.
# Default JMH options: -wi 3 -i 5 -w 1s -r 1s -f 1 (pass --jmh to change them). Needs JMH 1.37 in ~/.m2.
set -euo pipefail
here=$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")
src=$here/src/main/java/org/stablehlo4j/bench/JaxSampleBench.java
samples_dir=$(readlink -f "$here/../../shared/jax-samples" 2>/dev/null || true)
samples= jmh_opts="-wi 3 -i 5 -w 1s -r 1s -f 1" cpu_runs=
while [[ $# -gt 0 && $1 == --* ]]; do
  case $1 in
    --samples) samples=$2 ;;
    --jmh) jmh_opts=$2 ;;
    --cpu) cpu_runs=$2 ;;
    --dir) samples_dir=$2 ;;
    *) sed -n '2,6p' "$0" | sed 's/^# //' >&2; exit 2 ;;
  esac
  shift 2
done
[[ $# -ge 1 ]] || { sed -n '2,6p' "$0" | sed 's/^# //' >&2; exit 2; }
[[ -d $samples_dir ]] || samples_dir=/work/shared/jax-samples
m2=${M2_REPO:-$HOME/.m2/repository}
jmh="$m2/org/openjdk/jmh/jmh-core/1.37/jmh-core-1.37.jar:$m2/net/sf/jopt-simple/jopt-simple/5.0.4/jopt-simple-5.0.4.jar:$m2/org/apache/commons/commons-math3/3.6.1/commons-math3-3.6.1.jar"
ap="$m2/org/openjdk/jmh/jmh-generator-annprocess/1.37/jmh-generator-annprocess-1.37.jar"
java=${JAVA_HOME:+$JAVA_HOME/bin/}java
javac=${JAVA_HOME:+$JAVA_HOME/bin/}javac
tmp=$(mktemp -d "${TMPDIR:-/tmp}/stablehlo4j-jaxbench.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
declare -A S E CP
trees=()
for t in "$@"; do
  t=$(readlink -f "$t")
  trees+=("$t")
  jars="$t/core/target/stablehlo4j-core-0.1.0-SNAPSHOT.jar:$t/interpreter/target/stablehlo4j-interpreter-0.1.0-SNAPSHOT.jar"
  out=$tmp/$(echo "$t" | tr '/' '_')
  mkdir -p "$out"
  "$javac" -nowarn -d "$out" -cp "$jars:$jmh:$ap" -processorpath "$ap:$jmh" "$src"
  CP[$t]="$out:$jars:$jmh"
  [[ -n $cpu_runs ]] && continue
  params=()
  [[ -n $samples ]] && params=(-p "sample=$samples")
  # shellcheck disable=SC2086
  "$java" -Dstablehlo4j.jaxSamples="$samples_dir" -cp "$out:$jars:$jmh" org.openjdk.jmh.Main JaxSampleBench \
    $jmh_opts "${params[@]}" -jvmArgsAppend "-Dstablehlo4j.jaxSamples=$samples_dir" -rf csv -rff "$out/r.csv" >&2
  while IFS=, read -r _ _ _ _ score err _ sample; do
    sample=${sample//\"/} sample=${sample%$'\r'}
    S[$sample|$t]=$(printf '%.1f' "$score") E[$sample|$t]=$(printf '%.1f' "$err")
  done < <(tail -n +2 "$out/r.csv")
done
if [[ -n $cpu_runs ]]; then
  all=$(sed -n '/@Param({"attention"/,/})/p' "$src" | grep -o '"[a-z_0-9]*"' | tr -d '"' | paste -sd,)
  for sample in $(tr , " " <<< "${samples:-$all}"); do
    for t in "${trees[@]}"; do
      read -r _ us < <("$java" -XX:+UseSerialGC -Dstablehlo4j.jaxSamples="$samples_dir" -cp "${CP[$t]}" \
        org.stablehlo4j.bench.JaxSampleBench "$cpu_runs" "$sample" | tail -1)
      S[$sample|$t]=$us E[$sample|$t]=min
      echo "$sample $t: $us µs" >&2
    done
  done
fi
rev() { git -C "$1" rev-parse --short HEAD 2>/dev/null || echo "$1"; }
printf '| sample |'; for t in "${trees[@]}"; do printf ' %s (µs) |' "$(rev "$t")"; done
(( ${#trees[@]} == 2 )) && printf ' first / second |'
echo
printf '| --- |'; for t in "${trees[@]}"; do printf ' --- |'; done; (( ${#trees[@]} == 2 )) && printf ' --- |'; echo
for key in $(printf '%s\n' "${!S[@]}" | cut -d'|' -f1 | sort -u); do
  printf '| %s |' "$key"
  for t in "${trees[@]}"; do
    if [[ -n $cpu_runs ]]; then printf ' %s |' "${S[$key|$t]:-—}"; else printf ' %s ± %s |' "${S[$key|$t]:-—}" "${E[$key|$t]:-—}"; fi
  done
  if (( ${#trees[@]} == 2 )); then
    awk -v a="${S[$key|${trees[0]}]:-0}" -v b="${S[$key|${trees[1]}]:-0}" 'BEGIN { if (b > 0) printf " **%.1f** |", a / b; else printf " — |" }'
  fi
  echo
done
