# Every dependency comes from Debian's packages (or the CUDA toolkit); none is
# downloaded at configure time.  The README says what each one is for.
find_package(Threads REQUIRED)
find_package(benchmark 1.7 REQUIRED)          # libbenchmark-dev: the case runner
find_package(nlohmann_json 3.10 REQUIRED)     # nlohmann-json3-dev: results, baselines, manifests
find_package(simdjson 3 REQUIRED)             # libsimdjson-dev: Google Benchmark JSON read in a stream
find_package(SQLite3 REQUIRED)                # libsqlite3-dev: the run-history store (default engine)
find_package(PostgreSQL REQUIRED)             # libpq-dev: the run-history store on a PostgreSQL server
find_package(OpenSSL REQUIRED COMPONENTS Crypto)  # libssl-dev: SHA-256 names of the dashboard's pages
if(PERFGATE_BUILD_TOOLS)
  find_package(CLI11 2.1 REQUIRED)            # libcli11-dev: the perfgate program's sub-commands
endif()
