// A host stand-in for the Arduino core, just enough to run slap_pads.ino on a PC (host_run.cpp).
#pragma once
#include <cstdint>
#include <cstdio>

#define HIGH 1
#define LOW 0
#define INPUT 0
#define INPUT_PULLUP 2

uint32_t micros();
int digitalRead(uint8_t pin);
void pinMode(uint8_t pin, uint8_t mode);

struct HostSerial {
  void begin(long) {}
  int available();
  int read();
  void print(const char *text);
};
extern HostSerial Serial;
