/* Sensor readings checked field by field: each check that fails records
   the error, formats a message and reports it (a cold function), then
   clamps the field; the blocks differ only in their constants. */
#include <stdio.h>

#define unlikely(x) __builtin_expect(!!(x), 0)

struct Reading {
  char name[12];
  int temp, humidity, pressure, wind, rain, light, battery, signal;
};

int ErrorCount, LastValue;
const char *LastField = "";
char LastMessage[128];

__attribute__((cold, noinline)) void report_error(const char *Message) {
  printf("  error: %s\n", Message);
}

int check_reading(struct Reading *R) {
  int Bad = 0;
  if (unlikely(R->temp < -40 || R->temp > 60)) {
    ++ErrorCount;
    LastField = "temp";
    LastValue = R->temp;
    snprintf(LastMessage, sizeof LastMessage, "%s: %s=%d outside [%d, %d]",
             R->name, "temp", R->temp, -40, 60);
    report_error(LastMessage);
    R->temp = R->temp < -40 ? -40 : 60;
    ++Bad;
  }
  if (unlikely(R->humidity < 0 || R->humidity > 100)) {
    ++ErrorCount;
    LastField = "humidity";
    LastValue = R->humidity;
    snprintf(LastMessage, sizeof LastMessage, "%s: %s=%d outside [%d, %d]",
             R->name, "humidity", R->humidity, 0, 100);
    report_error(LastMessage);
    R->humidity = R->humidity < 0 ? 0 : 100;
    ++Bad;
  }
  if (unlikely(R->pressure < 870 || R->pressure > 1085)) {
    ++ErrorCount;
    LastField = "pressure";
    LastValue = R->pressure;
    snprintf(LastMessage, sizeof LastMessage, "%s: %s=%d outside [%d, %d]",
             R->name, "pressure", R->pressure, 870, 1085);
    report_error(LastMessage);
    R->pressure = R->pressure < 870 ? 870 : 1085;
    ++Bad;
  }
  if (unlikely(R->wind < 0 || R->wind > 250)) {
    ++ErrorCount;
    LastField = "wind";
    LastValue = R->wind;
    snprintf(LastMessage, sizeof LastMessage, "%s: %s=%d outside [%d, %d]",
             R->name, "wind", R->wind, 0, 250);
    report_error(LastMessage);
    R->wind = R->wind < 0 ? 0 : 250;
    ++Bad;
  }
  if (unlikely(R->rain < 0 || R->rain > 500)) {
    ++ErrorCount;
    LastField = "rain";
    LastValue = R->rain;
    snprintf(LastMessage, sizeof LastMessage, "%s: %s=%d outside [%d, %d]",
             R->name, "rain", R->rain, 0, 500);
    report_error(LastMessage);
    R->rain = R->rain < 0 ? 0 : 500;
    ++Bad;
  }
  if (unlikely(R->light < 0 || R->light > 120000)) {
    ++ErrorCount;
    LastField = "light";
    LastValue = R->light;
    snprintf(LastMessage, sizeof LastMessage, "%s: %s=%d outside [%d, %d]",
             R->name, "light", R->light, 0, 120000);
    report_error(LastMessage);
    R->light = R->light < 0 ? 0 : 120000;
    ++Bad;
  }
  if (unlikely(R->battery < 0 || R->battery > 100)) {
    ++ErrorCount;
    LastField = "battery";
    LastValue = R->battery;
    snprintf(LastMessage, sizeof LastMessage, "%s: %s=%d outside [%d, %d]",
             R->name, "battery", R->battery, 0, 100);
    report_error(LastMessage);
    R->battery = R->battery < 0 ? 0 : 100;
    ++Bad;
  }
  if (unlikely(R->signal < -120 || R->signal > 0)) {
    ++ErrorCount;
    LastField = "signal";
    LastValue = R->signal;
    snprintf(LastMessage, sizeof LastMessage, "%s: %s=%d outside [%d, %d]",
             R->name, "signal", R->signal, -120, 0);
    report_error(LastMessage);
    R->signal = R->signal < -120 ? -120 : 0;
    ++Bad;
  }
  return Bad;
}
