#pragma once
// The end of the pipeline, written once: every gate ends here, a suite
// binary's (perfgate::main) and the perfgate program's (`compare`, `ab`).

#include <ostream>

#include "perfgate/gate/comparison.hpp"
#include "perfgate/explain/suggest.hpp"
#include "perfgate/reports/report_files.hpp"

namespace perfgate {

// explain -> exit code -> console table -> report files: the suggestions of
// explain() go into `comparison` (`baseline` null when the gate had none:
// every case skipped), then the gate's exit code (with the "nothing
// compared" note when that is why it is an error), the table on `console`,
// and the reports at `paths`, all or none (write_reports).  Returns the exit
// code; throws InputError for an unknown rule, OutputError for a report
// that cannot be written.
int gate_stage(Comparison& comparison, const Results& current, const Results* baseline,
               const ExplainSettings& explain_settings, const ReportPaths& paths, std::ostream& console);

}  // namespace perfgate
