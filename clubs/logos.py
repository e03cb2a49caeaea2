"""A club's logo as uploaded: a PNG or JPEG image of at most ``core.limits.MAX_LOGO_BYTES``,
read by Pillow to check that it is one (a file only named so is refused)."""

from __future__ import annotations

import io

from django.utils.translation import gettext_noop

from core import limits
from core.errors import UserError

TYPES = {"PNG": "image/png", "JPEG": "image/jpeg"}
"""The image formats a logo may have, by Pillow's name, and the content type it is served as."""


class LogoError(UserError):
    """A logo that is refused."""


def checked_logo(data: bytes) -> tuple[bytes, str]:
    """``data`` and its content type if it is a PNG or JPEG image within the size limit;
    ``LogoError`` (field ``logo``) otherwise."""
    from PIL import Image, UnidentifiedImageError

    if len(data) > limits.MAX_LOGO_BYTES:
        raise LogoError(
            gettext_noop("The logo is larger than %(kilobytes)s KB: please upload a smaller one."),
            field="logo", kilobytes=limits.MAX_LOGO_BYTES // 1024,
        )
    try:
        with Image.open(io.BytesIO(data)) as image:
            kind = image.format
            image.verify()
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError):
        kind = None
    if kind not in TYPES:
        raise LogoError(gettext_noop("The logo must be a PNG or JPEG image."), field="logo")
    return data, TYPES[kind]
