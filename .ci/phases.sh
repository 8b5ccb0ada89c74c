# Phase timing for .ci/run (sourced). `phase NAME` ends the running phase and starts NAME;
# `phases_summary STATUS` ends the last one and prints every phase's time. A phase is marked
# failed when the run exits during it, so .ci/run calls phases_summary from its EXIT trap: the
# table then shows how far a failed run got, and what each finished phase cost against CI's
# time limit.

phase_names=()
phase_seconds=()
phase_current=''
phase_started=0
phases_started=$SECONDS

phase() {
  phase_end
  phase_current=$1
  phase_started=$SECONDS
  echo "==> ${phase_current}"
}

phase_end() {
  if [[ -n $phase_current ]]; then
    phase_names+=("$phase_current")
    phase_seconds+=($((SECONDS - phase_started)))
    phase_current=''
  fi
}

# 754 -> 12:34
phase_clock() {
  printf '%d:%02d' $(($1 / 60)) $(($1 % 60))
}

phases_summary() {
  local status=$1 failed=-1 i mark
  if [[ -n $phase_current ]]; then
    ((status == 0)) || failed=${#phase_names[@]}
    phase_end
  fi
  echo
  echo 'CI phase times'
  for i in "${!phase_names[@]}"; do
    mark=''
    ((i != failed)) || mark="  FAILED (exit ${status})"
    printf '  %-26s %8s%s\n' "${phase_names[i]}" "$(phase_clock "${phase_seconds[i]}")" "$mark"
  done
  mark=''
  ((status == 0)) || mark="  FAILED (exit ${status})"
  printf '  %-26s %8s%s\n' 'total' "$(phase_clock $((SECONDS - phases_started)))" "$mark"
}
