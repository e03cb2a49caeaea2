from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TransferConfig(AppConfig):
    """An event as one file (``transfer.archive``) and bringing it back: imported on the
    hall's laptop, sent back to the association's server and merged there row by row
    (``transfer.services``, docs/transfer.md)."""

    name = "transfer"
    verbose_name = _("Event archives")

    def ready(self) -> None:
        from results.exports import register_archive_writer
        from transfer import audit  # noqa: F401  (registers the change log's transfer actions)
        from transfer.archive import build_archive

        register_archive_writer(build_archive)
