from django.urls import path  # noqa: F401

urlpatterns = [
    # score entry
    # standings, projector and exports
]
