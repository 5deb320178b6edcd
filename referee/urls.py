from django.contrib import admin
from django.urls import path

from . import views

urlpatterns = [
    path("", views.hand_judge, name="hand-judge"),
    path("admin/", admin.site.urls),
]
