/* A weather station: readings are checked (sensors.c), summarized and
   printed; the calibration checks below repeat the same error block with
   other constants, like the checks in sensors.c. */
#include <stdio.h>

#define unlikely(x) __builtin_expect(!!(x), 0)

struct Reading {
  char name[12];
  int temp, humidity, pressure, wind, rain, light, battery, signal;
};

extern int ErrorCount, LastValue;
extern const char *LastField;
extern char LastMessage[128];
int check_reading(struct Reading *R);
void report_error(const char *Message);

struct Calibration {
  int offset, gain, interval, retries;
};

static int check_calibration(const char *Name, struct Calibration *C) {
  int Bad = 0;
  if (unlikely(C->offset < -50 || C->offset > 50)) {
    ++ErrorCount;
    LastField = "offset";
    LastValue = C->offset;
    snprintf(LastMessage, sizeof LastMessage, "%s: %s=%d outside [%d, %d]",
             Name, "offset", C->offset, -50, 50);
    report_error(LastMessage);
    C->offset = C->offset < -50 ? -50 : 50;
    ++Bad;
  }
  if (unlikely(C->gain < 1 || C->gain > 16)) {
    ++ErrorCount;
    LastField = "gain";
    LastValue = C->gain;
    snprintf(LastMessage, sizeof LastMessage, "%s: %s=%d outside [%d, %d]",
             Name, "gain", C->gain, 1, 16);
    report_error(LastMessage);
    C->gain = C->gain < 1 ? 1 : 16;
    ++Bad;
  }
  if (unlikely(C->interval < 10 || C->interval > 3600)) {
    ++ErrorCount;
    LastField = "interval";
    LastValue = C->interval;
    snprintf(LastMessage, sizeof LastMessage, "%s: %s=%d outside [%d, %d]",
             Name, "interval", C->interval, 10, 3600);
    report_error(LastMessage);
    C->interval = C->interval < 10 ? 10 : 3600;
    ++Bad;
  }
  if (unlikely(C->retries < 0 || C->retries > 9)) {
    ++ErrorCount;
    LastField = "retries";
    LastValue = C->retries;
    snprintf(LastMessage, sizeof LastMessage, "%s: %s=%d outside [%d, %d]",
             Name, "retries", C->retries, 0, 9);
    report_error(LastMessage);
    C->retries = C->retries < 0 ? 0 : 9;
    ++Bad;
  }
  return Bad;
}

static struct Reading Readings[] = {
    {"north", 21, 40, 1013, 12, 0, 30000, 88, -60},
    {"south", 75, 101, 1013, 300, 2, 50000, 90, -70},
    {"east", -55, 50, 800, 5, 600, -3, 101, 5},
    {"west", 10, 99, 1085, 250, 500, 120000, 0, -120},
};
static struct Calibration Calibrations[] = {
    {0, 4, 60, 3}, {-80, 0, 5, 12}, {50, 17, 3600, 9},
};

int main(void) {
  long Sum = 0;
  for (unsigned K = 0; K < sizeof Readings / sizeof *Readings; ++K) {
    struct Reading *R = &Readings[K];
    printf("reading %s\n", R->name);
    int Bad = check_reading(R);
    printf("  %d bad; temp=%d humidity=%d pressure=%d wind=%d rain=%d "
           "light=%d battery=%d signal=%d\n",
           Bad, R->temp, R->humidity, R->pressure, R->wind, R->rain,
           R->light, R->battery, R->signal);
    Sum += R->temp + R->humidity + R->pressure + R->wind + R->rain +
           R->light + R->battery + R->signal;
  }
  for (unsigned K = 0; K < sizeof Calibrations / sizeof *Calibrations; ++K) {
    struct Calibration *C = &Calibrations[K];
    char Name[16];
    snprintf(Name, sizeof Name, "cal%u", K);
    printf("calibration %s\n", Name);
    int Bad = check_calibration(Name, C);
    printf("  %d bad; offset=%d gain=%d interval=%d retries=%d\n", Bad,
           C->offset, C->gain, C->interval, C->retries);
    Sum += C->offset + C->gain + C->interval + C->retries;
  }
  printf("errors=%d last %s=%d (%s)\n", ErrorCount, LastField, LastValue,
         LastMessage);
  printf("sum=%ld\n", Sum);
  return 0;
}
