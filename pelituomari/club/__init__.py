"""A club evening: each table's referee publishes its log to an MQTT broker, one hub rebuilds every table's
game from it and serves the evening's scoreboard (docs/mqtt.md)."""
