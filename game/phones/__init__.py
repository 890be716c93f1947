"""Phones as private hands: a small server on the home network (no pygame here).

``hub.Phones`` is what the app and the scenes use; ``server.PhoneServer`` is the aiohttp
side, in a process of its own that ``process.ServerProcess`` starts and speaks to in the
frames of ``wire``; ``net`` picks the address; ``page/`` is the one static page.
"""
from game.phones.hub import (DEFAULT_PORT, Phones, is_phone, phone_device,
                             phone_seat)

__all__ = ["DEFAULT_PORT", "Phones", "is_phone", "phone_device", "phone_seat"]
