#!/bin/sh
set -e
install_resource()
{
  echo "$1"
}
if [[ "$CONFIGURATION" == "Debug" ]]; then
  install_resource "${PODS_ROOT}/PodKit/Resources/pod-check@2x.png"
  install_resource "${PODS_ROOT}/PodKit/Resources/pod-check@3x.png"
  install_resource "${PODS_ROOT}/PodKit/Resources/pod-spinner@2x.png"
  install_resource "${PODS_ROOT}/PodKit/Resources/pod-spinner@3x.png"
  install_resource "${PODS_CONFIGURATION_BUILD_DIR}/Other/Other.bundle"
fi
if [[ "$CONFIGURATION" == "Release" ]]; then
  install_resource "${PODS_ROOT}/PodKit/Resources/pod-check@2x.png"
  install_resource "${PODS_ROOT}/PodKit/Resources/pod-check@3x.png"
  install_resource "${PODS_ROOT}/PodKit/Resources/pod-spinner@2x.png"
  install_resource "${PODS_ROOT}/PodKit/Resources/pod-spinner@3x.png"
fi
