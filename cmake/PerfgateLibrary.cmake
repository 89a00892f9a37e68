# perfgate_library(<stage> SOURCES ... [DEPENDS ...]): one static library per
# pipeline stage, perfgate::<stage>, with headers under <dir>/include.
function(perfgate_library stage)
  cmake_parse_arguments(ARG "" "" "SOURCES;DEPENDS;PRIVATE_DEPENDS" ${ARGN})
  set(target perfgate_${stage})
  add_library(${target} STATIC ${ARG_SOURCES})
  add_library(perfgate::${stage} ALIAS ${target})
  set_target_properties(${target} PROPERTIES
    EXPORT_NAME ${stage}
    POSITION_INDEPENDENT_CODE ON)
  target_compile_features(${target} PUBLIC cxx_std_20)
  target_include_directories(${target} PUBLIC
    $<BUILD_INTERFACE:${CMAKE_CURRENT_SOURCE_DIR}/include>
    $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
  target_link_libraries(${target} PUBLIC ${ARG_DEPENDS} PRIVATE ${ARG_PRIVATE_DEPENDS})
  perfgate_target_warnings(${target})
  perfgate_stable_code_layout(${target})
  set_property(GLOBAL APPEND PROPERTY PERFGATE_EXPORTED_TARGETS ${target})
  set_property(GLOBAL APPEND PROPERTY PERFGATE_HEADER_DIRS ${CMAKE_CURRENT_SOURCE_DIR}/include)
endfunction()
