/* runner: runs one command and reports its wall time and peak memory, for bench/compare.
 *
 * usage: runner REPORT COMMAND [ARGS...]
 *
 * Forks, runs COMMAND with this process's stdin, stdout and stderr, and waits for it with
 * wait4; then writes "WALL_SECONDS PEAK_KIB" to the file REPORT: the wall clock from just
 * before the fork to the command's exit, and its maximum resident set size. The command is
 * forked from this small process, not from the Python harness, so the pages it shares with
 * its parent before exec count for about a megabyte, not the harness's tens; and the time
 * leaves out the harness's own start of a process. Exits with the command's status, or
 * 128 + the signal that ended it.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: runner REPORT COMMAND [ARGS...]\n");
        return 2;
    }
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    pid_t pid = fork();
    if (pid < 0) {
        perror("runner: fork");
        return 2;
    }
    if (pid == 0) {
        execvp(argv[2], argv + 2);
        perror("runner: exec");
        _exit(127);
    }
    int status;
    struct rusage usage;
    if (wait4(pid, &status, 0, &usage) < 0) {
        perror("runner: wait4");
        return 2;
    }
    clock_gettime(CLOCK_MONOTONIC, &end);
    double wall = (double)(end.tv_sec - start.tv_sec) + (double)(end.tv_nsec - start.tv_nsec) / 1e9;
    FILE *report = fopen(argv[1], "w");
    if (report == NULL) {
        perror("runner: report");
        return 2;
    }
    fprintf(report, "%.6f %ld\n", wall, usage.ru_maxrss);
    fclose(report);
    if (WIFEXITED(status)) {
        return WEXITSTATUS(status);
    }
    return 128 + WTERMSIG(status);
}
