"""hardware: the table's button, buzzer and lights (gpiozero) and serial slap pads (pyserial).

Everything here turns physical signals into events from ``referee.events`` (``ButtonPressed``,
``PadSlapped``) or answers rulings (``feedback``); wiring in docs/wiring.md, the pads' protocol in
docs/slap-pad-protocol.md.
"""
