"""Finding gpiozero's pin factory, or saying clearly why there is none (not a Pi, no lgpio)."""

from __future__ import annotations

import warnings


def find_pin_factory():
    """The pin factory gpiozero will use, and '' — or None and the reason, naming each one tried.

    A Raspberry Pi 5 needs lgpio (the ``pi`` extra: ``pip install 'pelituomari[pi]'``); set
    ``GPIOZERO_PIN_FACTORY=mock`` to run without a Pi against gpiozero's mock pins.
    """
    from gpiozero import Device

    with warnings.catch_warnings(record=True) as fallbacks:
        warnings.simplefilter("always")
        try:
            Device.ensure_pin_factory()
        except Exception as e:  # BadPinFactory, or ImportError for a named factory
            tried = "; ".join(str(w.message) for w in fallbacks)
            return None, f"{e}" + (f" ({tried})" if tried else "")
    return Device.pin_factory, ""


def factory_name(factory) -> str:
    """A pin factory's short name: lgpio, rpigpio, pigpio, native, mock."""
    return type(factory).__name__.removesuffix("Factory").lower()
