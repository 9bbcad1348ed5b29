/*
 * `gtsim serve` (a live TBX server for Intel's OpenCL / Level Zero runtime)
 * and `gtsim exec` (run one program against a private server).  argv holds
 * the arguments after the subcommand.  Return the process exit status.
 */
#ifndef GTSIM_SERVE_H
#define GTSIM_SERVE_H

int gtsim_cmd_serve(int argc, char **argv);
int gtsim_cmd_exec(int argc, char **argv);

/* Usage lines for gtsim's help text. */
extern const char gtsim_serve_usage[];

#endif
