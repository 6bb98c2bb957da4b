// Runs slap_pads.ino against a script of pin changes on simulated time, for tests/.
//
// stdin:  "run <start_us> <end_us> <scan_us>" then any of
//         "pin <at_us> <pin> <level>"   the input pin goes to level (0/1) at at_us
//         "send <at_us> <char>"         the host sends a character ('?')
// stdout: every line the sketch sends, prefixed by the simulated time it was finished at:
//         "<at_us> <line>"  (at_us is the unwrapped 64-bit time; micros() itself wraps at 2**32)
#include <cstdio>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "Arduino.h"

static uint64_t now_us = 0;
struct PinChange { uint64_t at; int pin; int level; };
static std::vector<PinChange> changes;
static size_t next_change = 0;
static std::map<int, int> levels;
static std::vector<std::pair<uint64_t, char>> incoming;
static size_t next_incoming = 0;
static std::string line;

uint32_t micros() { return (uint32_t)now_us; }

int digitalRead(uint8_t pin) {
  while (next_change < changes.size() && changes[next_change].at <= now_us) {
    levels[changes[next_change].pin] = changes[next_change].level;
    ++next_change;
  }
  return levels[pin];
}

void pinMode(uint8_t pin, uint8_t mode) { levels[pin] = mode == INPUT_PULLUP ? HIGH : LOW; }

int HostSerial::available() {
  int n = 0;
  for (size_t i = next_incoming; i < incoming.size() && incoming[i].first <= now_us; ++i) ++n;
  return n;
}

int HostSerial::read() { return available() ? incoming[next_incoming++].second : -1; }

void HostSerial::print(const char *text) {
  for (const char *c = text; *c; ++c) {
    line += *c;
    if (*c == '\n') {
      printf("%llu %s", (unsigned long long)now_us, line.c_str());
      line.clear();
    }
  }
}

HostSerial Serial;

#include "../slap_pads.ino"

int main() {
  unsigned long long start = 0, end = 0, scan = 10;
  char word[16];
  if (scanf("%15s %llu %llu %llu", word, &start, &end, &scan) != 4 || strcmp(word, "run") != 0) {
    fprintf(stderr, "first line must be: run <start_us> <end_us> <scan_us>\n");
    return 2;
  }
  unsigned long long at;
  while (scanf("%15s %llu", word, &at) == 2) {
    if (strcmp(word, "pin") == 0) {
      int pin, level;
      if (scanf("%d %d", &pin, &level) != 2) return 2;
      changes.push_back({at, pin, level});
    } else if (strcmp(word, "send") == 0) {
      char c;
      if (scanf(" %c", &c) != 1) return 2;
      incoming.push_back({at, c});
    } else {
      fprintf(stderr, "unknown script word: %s\n", word);
      return 2;
    }
  }
  now_us = start;
  setup();
  for (; now_us < end; now_us += scan) loop();
  return 0;
}
