// slap_pads: per-seat slap pads for the pelituomari referee (docs/slap-pad-protocol.md).
//
// Each seat's pad is a digital input: a push switch to GND (active LOW, internal pull-up) or a
// piezo disc through a clamp (active HIGH; see docs/wiring.md).  The loop scans every pad a few
// microseconds apart; a hit is an input that is active on two scans in a row, dated by micros()
// at the first of them, with the time since the scan before it (when the pad was still idle)
// as its window: the hit happened within that window.  A pad then stays deaf for LOCKOUT_US and until it has been quiet for
// REARM_US (a slapped piezo rings).  Every BEAT_US the board sends its micros() so that the host
// can map pad time onto its own clock.
//
// Lines, 115200 baud, each ending "*HH\n" where HH is the XOR of the bytes before '*':
//   HELLO slap_pads <version> <seats>    at start and whenever the host sends '?'
//   SLAP <seat> <micros> <window_us>     a hit, within window_us before micros
//   BEAT <micros>                        heartbeat

#include <Arduino.h>

#define FIRMWARE_VERSION "1.0"

const uint8_t SEATS = 4;
const uint8_t PAD_PIN[SEATS] = {2, 3, 4, 5};
const bool ACTIVE_LOW[SEATS] = {true, true, true, true};  // false for a piezo pad

const uint32_t LOCKOUT_US = 150000UL;  // one slap, one hit
const uint32_t REARM_US = 30000UL;    // quiet this long before the next hit counts
const uint32_t BEAT_US = 100000UL;    // 10 heartbeats a second

enum PadState : uint8_t { IDLE, SUSPECT, LOCKED };

struct Pad {
  PadState state;
  uint32_t since;       // micros() of the first active scan: the time of the hit
  uint32_t window;      // since minus the scan before it, when the pad was still idle
  uint32_t lastActive;  // micros() of the latest active scan
  uint32_t lastScan;    // micros() of the latest scan
};

Pad pads[SEATS];
uint32_t lastBeat = 0;

// Times are uint32_t like micros() itself: unsigned subtraction keeps every comparison right
// across its wrap every 71.6 minutes.

// Send "<body>*HH\n".
void sendLine(const char *body) {
  uint8_t sum = 0;
  for (const char *c = body; *c; ++c) sum ^= (uint8_t)*c;
  char tail[6];
  snprintf(tail, sizeof tail, "*%02X\n", sum);
  Serial.print(body);
  Serial.print(tail);
}

void sendHello() {
  char body[40];
  snprintf(body, sizeof body, "HELLO slap_pads %s %u", FIRMWARE_VERSION, (unsigned)SEATS);
  sendLine(body);
}

bool active(uint8_t seat) {
  bool high = digitalRead(PAD_PIN[seat]) == HIGH;
  return ACTIVE_LOW[seat] ? !high : high;
}

void setup() {
  for (uint8_t s = 0; s < SEATS; ++s) {
    pinMode(PAD_PIN[s], ACTIVE_LOW[s] ? INPUT_PULLUP : INPUT);
    pads[s].state = IDLE;
    pads[s].lastScan = micros();
  }
  Serial.begin(115200);
  sendHello();
  lastBeat = micros();
}

void scanPad(uint8_t seat) {
  bool on = active(seat);
  uint32_t now = micros();  // read after the pin: a hit is never later than its time
  Pad &pad = pads[seat];
  switch (pad.state) {
    case IDLE:
      if (on) {
        pad.state = SUSPECT;
        pad.since = now;
        pad.window = now - pad.lastScan;
      }
      break;
    case SUSPECT:  // a second active scan confirms the hit; one alone was a glitch
      if (on) {
        char body[40];
        snprintf(body, sizeof body, "SLAP %u %lu %lu", (unsigned)seat, (unsigned long)pad.since,
                 (unsigned long)pad.window);
        sendLine(body);
        pad.state = LOCKED;
        pad.lastActive = now;
      } else {
        pad.state = IDLE;
      }
      break;
    case LOCKED:
      if (on) {
        pad.lastActive = now;
      } else if (now - pad.since >= LOCKOUT_US && now - pad.lastActive >= REARM_US) {
        pad.state = IDLE;
      }
      break;
  }
  pad.lastScan = now;
}

void loop() {
  while (Serial.available() > 0) {
    if (Serial.read() == '?') sendHello();
  }
  for (uint8_t s = 0; s < SEATS; ++s) scanPad(s);
  uint32_t now = micros();
  if (now - lastBeat >= BEAT_US) {
    lastBeat = now;
    char body[24];
    snprintf(body, sizeof body, "BEAT %lu", (unsigned long)now);
    sendLine(body);
  }
}
